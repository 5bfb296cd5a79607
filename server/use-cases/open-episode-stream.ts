/**
 * The episode as it is made, for a listener: its playlist's segments, and one segment's bytes (a
 * segment's own object while the episode is made, its slice of the finished episode after).
 */
import type { Database } from '../db/client.ts';
import { findOwnedPodcast, findPodcast, type Owner, type PodcastRow } from '../repositories/podcast-repository.ts';
import { findSegment, lastSegment, listSegments, type SegmentRow } from '../repositories/segment-repository.ts';
import { episode, segment as segmentObject, type AudioObject, type AudioStore } from '../services/audio/store.ts';
import { podcastNotFound } from './podcast-errors.ts';
import { hasEpisodeStream } from '../services/podcasts/events.ts';


/** Nothing more will be added: the episode is complete, or its job gave up. */
export function streamComplete(podcast: PodcastRow): boolean {
  return podcast.status === 'ready' || podcast.status === 'failed';
}

/** The podcast whose episode is asked for, by its owner or a holder of a signed address (checked at the edge). */
export async function findStreamingPodcast(
  deps: { db: Database },
  id: string,
  access: { signed: true } | { owner: Owner | null },
): Promise<PodcastRow> {
  const podcast = 'signed' in access ? await findPodcast(deps.db, id) : access.owner && (await findOwnedPodcast(deps.db, id, access.owner));
  if (!podcast || !hasEpisodeStream(podcast)) throw podcastNotFound();
  return podcast;
}

export async function listStreamSegments(deps: { db: Database }, podcast: PodcastRow): Promise<{ segments: SegmentRow[]; complete: boolean }> {
  if (!hasEpisodeStream(podcast)) throw podcastNotFound();
  return { segments: await listSegments(deps.db, podcast.streamKey), complete: streamComplete(podcast) };
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
