/**
 * Keeps a podcast that is still converting up to date: its progress, title and audio arrive from the
 * server's event stream into the podcast store. The events do not carry the script, so the podcast is
 * read once when the script is written (its transcript can be read while the audio is recorded) and
 * once more when it settles.
 */
import { useEffect } from 'react';
import type { PodcastEvent } from '../../../../../shared/api/podcasts.ts';
import { getPodcast } from '../api/podcasts.ts';
import { watchPodcast } from '../api/podcast-events.ts';
import { isSettled, toStoredPodcast, usePodcastStore, type StoredPodcast } from '../stores/podcast-store.ts';

export function useLivePodcast(podcast: StoredPodcast): void {
  const { id } = podcast;
  const converting = !isSettled(podcast.status);

  useEffect(() => {
    if (!converting) return;
    const controller = new AbortController();
    const { signal } = controller;
    const { applyEvent, updatePodcast } = usePodcastStore.getState();
    let scriptRead = false;

    const onEvent = (event: PodcastEvent) => {
      applyEvent(event);
      if (!scriptRead && event.status === 'speaking') {
        scriptRead = true;
        getPodcast(id, signal)
          .then((full) => updatePodcast(id, { content: full.content }))
          .catch(() => {
            // The transcript will come with the final read.
          });
      }
    };

    watchPodcast(id, onEvent, signal)
      .then(() => getPodcast(id, signal))
      .then((full) => updatePodcast(id, toStoredPodcast(full)))
      .catch((err: unknown) => {
        if (signal.aborted) return;
        // The stream was refused (the podcast is gone or belongs to another session): say so on the
        // card rather than showing progress that will never move.
        const message = err instanceof Error ? err.message : String(err);
        updatePodcast(id, { status: 'failed', error: message });
      });
    return () => controller.abort();
  }, [id, converting]);
}
