/**
 * Follows one podcast's conversion: its current state, then every change published for it (in this
 * process, or in another one through the events' relay), until it is ready or failed, the watcher
 * leaves, or the server shuts down. The row is read again when the relay says changes may have been
 * missed, and every 15 s whatever happens (a deleted podcast publishes nothing; a relay can fail).
 */
import type { Database } from '../db/client.ts';
import { findPodcast, type PodcastRow } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange, type PodcastEvents } from '../services/podcasts/events.ts';

const REREAD_MS = 15_000;

const isFinal = (change: PodcastChange) => change.status === 'ready' || change.status === 'failed';

export async function* watchPodcast(
  deps: { db: Database; events: Pick<PodcastEvents, 'subscribe' | 'onClose' | 'onResync'> },
  podcast: PodcastRow,
  signal: AbortSignal,
): AsyncGenerator<PodcastChange> {
  const pending: PodcastChange[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  // Read once more right after subscribing: a change stored between the caller's read and the
  // subscription (the final one, say) is published to nobody.
  let reread = true;
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
  const stopOnResync = deps.events.onResync(() => {
    reread = true;
    notify();
  });
  signal.addEventListener('abort', notify);
  try {
    let last = changeOf(podcast);
    yield last;
    while (!isFinal(last) && !closed && !signal.aborted) {
      if (pending.length === 0 && !reread) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(() => {
            reread = true;
            resolve();
          }, REREAD_MS);
        });
        clearTimeout(timer);
        if (closed || signal.aborted) break;
      }
      if (reread) {
        reread = false;
        pending.length = 0;
        const fresh = await findPodcast(deps.db, podcast.id);
        if (!fresh) break;
        // Changes that arrived during the read come after it.
        pending.unshift(changeOf(fresh));
      }
      last = pending.shift()!;
      yield last;
    }
  } finally {
    unsubscribe();
    stopOnClose();
    stopOnResync();
    signal.removeEventListener('abort', notify);
  }
}
