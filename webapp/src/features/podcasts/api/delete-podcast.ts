/** Deleting a podcast, its audio and its bookmarks for good; it leaves the lists once the server has it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { refreshPodcastLists, removePodcast } from './podcast-list.ts';

export const deletePodcast = (podcastId: string) => pagecast.podcasts.remove(podcastId);

export function useDeletePodcast({ onSuccess, ...config }: MutationConfig<typeof deletePodcast> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deletePodcast,
    onSuccess: (...args) => {
      removePodcast(queryClient, args[1]);
      void refreshPodcastLists(queryClient);
      return onSuccess?.(...args);
    },
  });
}
