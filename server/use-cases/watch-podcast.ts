/**
 * Follows one of the owner's podcasts: its current state, then every change published for it (in
 * this process, or in another one through the events' relay) and every state the watchers read again
 * (on their shared timer, or when the relay says changes may have been missed), until it is ready or
 * failed or gone, the watcher leaves, the stream is pushed out past a cap, or the server shuts down.
 *
 * The first step (`next()`) answers the current state, or throws NOT_FOUND before any stream opens.
 */
import type { Database } from '../db/client.ts';
import { findOwnedPodcastState, type Owner } from '../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange } from '../services/podcasts/events.ts';
import type { PodcastWatchers } from '../services/podcasts/watchers.ts';
import { podcastNotFound } from './podcast-errors.ts';

const isFinal = (change: PodcastChange) => change.status === 'ready' || change.status === 'failed';

/** The name an owner's streams are counted under. */
const ownerKey = (owner: Owner) => ('userId' in owner ? `member:${owner.userId}` : `browser:${owner.anonymousToken}`);

export async function* watchPodcast(
  deps: { db: Database; watchers: Pick<PodcastWatchers, 'watch'> },
  id: string,
  owner: Owner,
  signal: AbortSignal,
): AsyncGenerator<PodcastChange> {
  const pending: (PodcastChange | null)[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  // Subscribed before the read, so a change stored after it reaches this stream: no read again.
  const watch = deps.watchers.watch(id, {
    change(change) {
      pending.push(change);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
  });
  signal.addEventListener('abort', notify);
  try {
    const state = await findOwnedPodcastState(deps.db, id, owner);
    if (!state) throw podcastNotFound();
    // Counted once it is known to be the owner's: a stranger's request ends none of their streams.
    watch.admit(ownerKey(owner));
    let last = changeOf(state);
    yield last;
    while (!isFinal(last) && !ended && !signal.aborted) {
      if (pending.length === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const next = pending.shift()!;
      if (!next) break; // deleted
      last = next;
      yield last;
    }
  } finally {
    watch.close();
    signal.removeEventListener('abort', notify);
  }
}
