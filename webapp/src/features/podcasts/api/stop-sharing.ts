/** 'Stop sharing': the podcast's public link stops working. The card's badge follows it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { patchPodcast, refreshPodcastLists } from './podcast-list.ts';

export const stopSharing = (podcastId: string) => pagecast.sharing.stop(podcastId);

export function useStopSharing({ onSuccess, ...config }: MutationConfig<typeof stopSharing> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: stopSharing,
    onSuccess: (...args) => {
      patchPodcast(queryClient, args[1], { shareUrl: null });
      void refreshPodcastLists(queryClient);
      return onSuccess?.(...args);
    },
  });
}
