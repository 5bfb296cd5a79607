/** New audio of a podcast's script in a voice (Premium); its card follows the conversion again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { patchPodcast, refreshPodcastLists } from './podcast-list.ts';
import { toStoredPodcast } from './podcast-storage.ts';

export const revoicePodcast = ({ podcastId, voice }: { podcastId: string; voice: string }) => pagecast.podcasts.revoice(podcastId, voice);

export function useRevoicePodcast({ onSuccess, ...config }: MutationConfig<typeof revoicePodcast> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: revoicePodcast,
    onSuccess: (...args) => {
      const [fresh, { podcastId }] = args;
      patchPodcast(queryClient, podcastId, toStoredPodcast(fresh));
      void refreshPodcastLists(queryClient);
      return onSuccess?.(...args);
    },
  });
}
