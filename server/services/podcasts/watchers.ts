/**
 * The progress streams open in this process. Each watched podcast has one subscription to its
 * published changes, shared by its streams. One timer, running while any stream is open, reads every
 * watched podcast again in one query (a deleted podcast publishes nothing; a relay can fail), and so
 * does a resync (the relay's connection came back). Open streams are capped per owner and per podcast:
 * past a cap the oldest ends, which is the one a closed tab left behind.
 */
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { findPodcastStates } from '../../repositories/podcast-repository.ts';
import { changeOf, type PodcastChange, type PodcastEvents } from './events.ts';

export interface StreamCaps {
  perOwner: number;
  perPodcast: number;
}

/** What a stream is told. */
export interface Watcher {
  /** A change: published, or read again (null: the podcast is gone). */
  change(change: PodcastChange | null): void;
  /** The stream ends: pushed out past a cap, or the server is shutting down. */
  end(): void;
}

export interface PodcastWatch {
  /** Counts the stream as `owner`'s once it is known to be theirs; the oldest past a cap ends. */
  admit(owner: string): void;
  close(): void;
}

export interface PodcastWatchers {
  /** Starts telling `watcher` the podcast's changes (subscribe before reading it: none is missed). */
  watch(podcastId: string, watcher: Watcher): PodcastWatch;
}

/** How often every watched podcast is read again, whatever happens. */
export const REREAD_MS = 15_000;
/** Podcasts read in one query at most. */
const READ_BATCH = 500;

interface Stream {
  podcastId: string;
  owner: string | null;
  watcher: Watcher;
}

interface Watched {
  streams: Set<Stream>;
  /** Admitted streams, oldest first. */
  admitted: Stream[];
  unsubscribe: () => void;
  /** Changes published while the podcast is read again: they come after what the read finds. */
  heldBack: PodcastChange[] | null;
}

export function createPodcastWatchers(deps: {
  db: Database;
  events: Pick<PodcastEvents, 'subscribe' | 'onResync' | 'onClose'>;
  logger: Logger;
  caps: StreamCaps;
  rereadMs?: number;
}): PodcastWatchers {
  const watched = new Map<string, Watched>();
  const byOwner = new Map<string, Stream[]>();
  let timer: NodeJS.Timeout | null = null;
  let reading = false;
  let readAgain = false;
  let closing = false;

  const tell = (entry: Watched, change: PodcastChange | null) => {
    for (const stream of entry.streams) stream.watcher.change(change);
  };

  /** Takes the stream off the caps' counts. */
  const uncount = (stream: Stream) => {
    if (stream.owner === null) return;
    const own = byOwner.get(stream.owner) ?? [];
    remove(own, stream);
    if (own.length === 0) byOwner.delete(stream.owner);
    remove(watched.get(stream.podcastId)?.admitted ?? [], stream);
    stream.owner = null;
  };

  const endOldest = (streams: Stream[], cap: number) => {
    while (streams.length > cap) {
      const oldest = streams[0]!;
      uncount(oldest);
      oldest.watcher.end();
    }
  };

  async function readAll() {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const entries = [...watched.entries()];
        for (const [, entry] of entries) entry.heldBack ??= [];
        const states = new Map<string, PodcastChange>();
        let failed = false;
        for (let i = 0; i < entries.length && !failed; i += READ_BATCH) {
          const ids = entries.slice(i, i + READ_BATCH).map(([id]) => id);
          try {
            for (const row of await findPodcastStates(deps.db, ids)) states.set(row.id, changeOf(row));
          } catch (err) {
            failed = true;
            deps.logger.warn('reading the watched podcasts again failed', { err });
          }
        }
        for (const [id, entry] of entries) {
          const held = entry.heldBack ?? [];
          entry.heldBack = null;
          if (!failed) tell(entry, states.get(id) ?? null);
          for (const change of held) tell(entry, change);
        }
      } while (readAgain && !closing);
    } finally {
      reading = false;
    }
  }
  const reread = () => void readAll();

  deps.events.onResync(reread);
  deps.events.onClose(() => {
    closing = true;
    for (const entry of watched.values()) for (const stream of entry.streams) stream.watcher.end();
  });

  return {
    watch(podcastId, watcher) {
      const stream: Stream = { podcastId, owner: null, watcher };
      let entry = watched.get(podcastId);
      if (!entry) {
        const created: Watched = {
          streams: new Set(),
          admitted: [],
          heldBack: null,
          unsubscribe: deps.events.subscribe(podcastId, (change) => (created.heldBack ? created.heldBack.push(change) : tell(created, change))),
        };
        entry = created;
        watched.set(podcastId, entry);
      }
      entry.streams.add(stream);
      if (!timer) timer = setInterval(reread, deps.rereadMs ?? REREAD_MS).unref();
      if (closing) queueMicrotask(() => watcher.end());
      let closed = false;
      return {
        admit(owner) {
          if (closed || stream.owner !== null) return;
          stream.owner = owner;
          const own = byOwner.get(owner) ?? [];
          own.push(stream);
          byOwner.set(owner, own);
          entry.admitted.push(stream);
          endOldest(own, deps.caps.perOwner);
          endOldest(entry.admitted, deps.caps.perPodcast);
        },
        close() {
          if (closed) return;
          closed = true;
          uncount(stream);
          entry.streams.delete(stream);
          if (entry.streams.size > 0) return;
          entry.unsubscribe();
          watched.delete(podcastId);
          if (watched.size === 0 && timer) {
            clearInterval(timer);
            timer = null;
          }
        },
      };
    },
  };
}

function remove<T>(list: T[], item: T) {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}
