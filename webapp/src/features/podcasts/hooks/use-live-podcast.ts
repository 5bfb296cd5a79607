/**
 * Keeps a podcast that is still converting up to date: its progress, title and audio arrive from the
 * server's event stream into the cached lists. The events do not say whether a script exists, so the
 * podcast is read once when speech starts (its transcript can be opened while the audio is recorded)
 * and once more when it settles; the script itself is read only when the Transcript window opens.
 * A draft (Premium) settles too: it waits for the member to voice it.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PodcastEvent } from '../../../../../shared/api/podcasts.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { applyEventToLists, patchPodcast } from '../api/podcast-list.ts';
import { toStoredPodcast, type StoredPodcast } from '../api/podcast-storage.ts';
import { followPodcast } from '../../../../../shared/client/follow-podcast.ts';
import { isFinished } from '../../../../../shared/podcast/apply-event.ts';
import { pagecast } from '../../../lib/api-client.ts';

export function useLivePodcast(podcast: StoredPodcast): void {
  const queryClient = useQueryClient();
  const { id } = podcast;
  const converting = !isFinished(podcast.status) && podcast.status !== 'drafted';

  useEffect(() => {
    if (!converting) return;
    const controller = new AbortController();
    const { signal } = controller;
    let scriptRead = false;

    // The closing read outlives the follow: showing the settled status ends this effect, and the
    // read must still land, or the card keeps what the list last said of the script.
    const readWhole = (event: PodcastEvent) =>
      pagecast.podcasts
        .get(id)
        .then((full) => patchPodcast(queryClient, id, toStoredPodcast(full)))
        .catch(() => applyEventToLists(queryClient, event));

    const onEvent = (event: PodcastEvent) => {
      if (event.status === 'drafted') {
        // The card stops following once it shows a draft: read the script first, then show it.
        void readWhole(event);
        return;
      }
      applyEventToLists(queryClient, event);
      if (isFinished(event.status)) {
        void readWhole(event);
      } else if (!scriptRead && event.status === 'speaking') {
        scriptRead = true;
        pagecast.podcasts
          .get(id, { signal })
          .then((full) => patchPodcast(queryClient, id, { hasScript: full.hasScript }))
          .catch(() => {
            // The transcript will come with the closing read.
          });
      }
    };

    followPodcast(pagecast.podcasts, id, { onEvent, signal }).catch((err: unknown) => {
      if (signal.aborted) return;
      // The stream was refused (the podcast is gone or belongs to another session): say so on the
      // card rather than showing progress that will never move.
      patchPodcast(queryClient, id, { status: 'failed', error: errorMessage(err) });
    });
    return () => controller.abort();
  }, [queryClient, id, converting]);
}
