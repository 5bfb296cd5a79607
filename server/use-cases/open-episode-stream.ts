/**
 * The episode as it is made, for a listener: its playlist's segments, and one segment's bytes (a
 * segment's own object while the episode is made, its slice of the finished episode after).
 *
 * A podcast's first episode has its playlist from the moment the podcast is made: asked for before
 * its first part is stored, the playlist waits for that part (or the podcast's failure) a few seconds
 * before it answers, so a player that starts at once hears the first part as soon as it exists,
 * without asking again and again.
 */
import type { Database } from '../db/client.ts';
import { findOwnedPodcast, findPodcast, findPodcastStates, type Owner, type PodcastRow, type PodcastState } from '../repositories/podcast-repository.ts';
import { findSegment, lastSegment, listSegments, type SegmentRow } from '../repositories/segment-repository.ts';
import { episode, segment as segmentObject, type AudioObject, type AudioStore } from '../machinery/audio/store.ts';
import { podcastNotFound } from './podcast-errors.ts';
import { firstEpisodeComing, hasEpisodeStream } from '../services/podcasts/events.ts';
import type { PodcastWatchers } from '../services/podcasts/watchers.ts';

/**
 * How long a playlist asked for before the first part waits for it. Below the players' patience for
 * a first byte (10 s), which then ask again.
 */
export const FIRST_PART_WAIT_MS = 8_000;

/** Nothing more will be added: the episode is complete, or its job gave up. */
export function streamComplete(podcast: Pick<PodcastState, 'status'>): boolean {
  return podcast.status === 'ready' || podcast.status === 'failed';
}

/**
 * The podcast whose episode is asked for, by its owner or a holder of a signed address (checked at the
 * edge). `coming`: also one whose first episode is on its way with nothing stored yet (its playlist).
 */
export async function findStreamingPodcast(
  deps: { db: Database },
  id: string,
  access: { signed: true } | { owner: Owner | null },
  { coming = false } = {},
): Promise<PodcastRow> {
  const podcast = 'signed' in access ? await findPodcast(deps.db, id) : access.owner && (await findOwnedPodcast(deps.db, id, access.owner));
  if (!podcast || !(hasEpisodeStream(podcast) || (coming && firstEpisodeComing(podcast)))) throw podcastNotFound();
  return podcast;
}

/**
 * The playlist's segments and whether it is complete. With `firstPart`, a first episode with nothing
 * stored yet is waited for: until its first part is stored, it fails, or the wait is over (then no
 * segments, not complete: the player is told to ask again).
 */
export async function listStreamSegments(
  deps: { db: Database; watchers?: Pick<PodcastWatchers, 'watch'> },
  podcast: PodcastState,
  firstPart?: { waitMs: number; signal?: AbortSignal },
): Promise<{ segments: SegmentRow[]; complete: boolean }> {
  let state = podcast;
  if (firstPart && deps.watchers && firstEpisodeComing(state)) {
    const now = await awaitFirstPart({ db: deps.db, watchers: deps.watchers }, state.id, firstPart.waitMs, firstPart.signal);
    if (!now) throw podcastNotFound(); // deleted meanwhile
    if (firstEpisodeComing(now)) return { segments: [], complete: false };
    state = now;
  }
  if (!hasEpisodeStream(state)) throw podcastNotFound();
  return { segments: await listSegments(deps.db, state.streamKey), complete: streamComplete(state) };
}

/**
 * The podcast's state once its first part is stored or it stops coming (failed, deleted: null), or
 * as it is when `waitMs` is over, the request is gone or the server shuts down.
 */
async function awaitFirstPart(
  deps: { db: Database; watchers: Pick<PodcastWatchers, 'watch'> },
  id: string,
  waitMs: number,
  signal?: AbortSignal,
): Promise<PodcastState | null> {
  let wake = () => {};
  let over = false;
  const stop = () => {
    over = true;
    wake();
  };
  // Watched before each read, so a change stored after the read wakes the wait.
  const watch = deps.watchers.watch(id, { change: () => wake(), end: stop });
  const timer = setTimeout(stop, waitMs);
  signal?.addEventListener('abort', stop);
  try {
    for (;;) {
      const changed = new Promise<void>((resolve) => (wake = resolve));
      const [state] = await findPodcastStates(deps.db, [id]);
      if (!state || !firstEpisodeComing(state) || over) return state ?? null;
      await changed;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
    watch.close();
  }
}

export interface SegmentAudio {
  audio: AudioObject;
  /** The segment's bytes within the object, when it is a slice of the finished episode. */
  slice?: { offset: number; length: number };
}

export async function openStreamSegment(
  deps: { db: Database; audio: Pick<AudioStore, 'stat'> },
  podcast: PodcastRow,
  seq: number,
): Promise<SegmentAudio> {
  if (!hasEpisodeStream(podcast) || !Number.isSafeInteger(seq) || seq < 0) throw podcastNotFound();
  const segment = await findSegment(deps.db, podcast.streamKey, seq);
  if (!segment) throw podcastNotFound();
  // Once complete, the segments are slices of the finished episode (their own objects are being removed).
  if (podcast.audioKey === podcast.streamKey) {
    // The finished file starts with its tag (all it holds beyond the segments): they follow it.
    const last = await lastSegment(deps.db, podcast.streamKey);
    const head = Math.max(0, (podcast.audioBytes ?? 0) - (last ? last.byteOffset + last.bytes : 0));
    return { audio: episode(podcast.audioKey), slice: { offset: head + segment.byteOffset, length: segment.bytes } };
  }
  const own = segmentObject(podcast.streamKey, seq);
  if ((await deps.audio.stat(own)) !== null) return { audio: own };
  throw podcastNotFound();
}
