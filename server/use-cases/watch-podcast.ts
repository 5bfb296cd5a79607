/**
 * Follows one podcast's conversion: its current state, then every change published in this process,
 * and a fresh read every second (another process may be converting it), until it is ready or
 * failed, the watcher leaves, or the server shuts down.
 */
import type { Database } from '../db/client.ts';
import { findPodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange, type PodcastEvents } from '../services/podcasts/events.ts';

const REREAD_MS = 1000;

const isFinal = (change: PodcastChange) => change.status === 'ready' || change.status === 'failed';

export async function* watchPodcast(
  deps: { db: Database; events: Pick<PodcastEvents, 'subscribe' | 'onClose'> },
  podcast: PodcastRow,
  signal: AbortSignal,
): AsyncGenerator<PodcastChange> {
  const pending: PodcastChange[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const unsubscribe = deps.events.subscribe(podcast.id, (change) => {
    pending.push(change);
    notify();
  });
  const stopOnClose = deps.events.onClose(() => {
    closed = true;
    notify();
  });
  signal.addEventListener('abort', notify);
  try {
    let last = changeOf(podcast);
    yield last;
    while (!isFinal(last) && !closed && !signal.aborted) {
      if (pending.length === 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, REREAD_MS);
        });
        clearTimeout(timer);
        if (closed || signal.aborted) break;
        if (pending.length === 0) {
          const fresh = await findPodcast(deps.db, podcast.id);
          if (!fresh) break;
          pending.push(changeOf(fresh));
        }
      }
      last = pending.shift()!;
      yield last;
    }
  } finally {
    unsubscribe();
    stopOnClose();
    signal.removeEventListener('abort', notify);
  }
}
