/** 'Try again' on a failed podcast: its conversion is queued again and its card follows it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';
import { patchPodcast, refreshPodcastLists } from './podcast-list.ts';
import { toStoredPodcast } from './podcast-storage.ts';

export const retryPodcast = (podcastId: string) => pagecast.podcasts.retry(podcastId);

export function useRetryPodcast({ onSuccess, ...config }: MutationConfig<typeof retryPodcast> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: retryPodcast,
    onSuccess: (...args) => {
      const [fresh, podcastId] = args;
      patchPodcast(queryClient, podcastId, toStoredPodcast(fresh));
      void refreshPodcastLists(queryClient);
      return onSuccess?.(...args);
    },
  });
}
