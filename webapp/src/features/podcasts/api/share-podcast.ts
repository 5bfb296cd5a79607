/** A podcast's public link (Premium): the same one while it stays shared. The card's badge follows it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { patchPodcast, refreshPodcastLists } from './podcast-list.ts';

export const sharePodcast = (podcastId: string) => pagecast.sharing.share(podcastId);

export function useSharePodcast({ onSuccess, ...config }: MutationConfig<typeof sharePodcast> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sharePodcast,
    onSuccess: (...args) => {
      const [shareUrl, podcastId] = args;
      patchPodcast(queryClient, podcastId, { shareUrl });
      void refreshPodcastLists(queryClient);
      return onSuccess?.(...args);
    },
  });
}
