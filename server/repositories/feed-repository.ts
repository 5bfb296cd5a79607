/**
 * The private feed's episodes: a member's podcasts that have finished audio. One given a new voice
 * keeps its finished audio (and its place in the feed) until the new one replaces it.
 */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { audioSegments, podcasts } from '../db/schema.ts';
import type { PodcastRow } from './podcast-repository.ts';
import type { SegmentRow } from './segment-repository.ts';

export type FeedPodcastRow = PodcastRow & { audioKey: string; audioBytes: number; durationMs: number };

const hasFinishedAudio = and(isNotNull(podcasts.audioKey), isNotNull(podcasts.audioBytes), isNotNull(podcasts.durationMs));

/** The member's podcasts with finished audio, newest first. */
export async function listFeedPodcastsOf(db: Database, userId: string): Promise<FeedPodcastRow[]> {
  const rows = await db
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.userId, userId), hasFinishedAudio))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id));
  return rows as FeedPodcastRow[];
}

export async function findFeedPodcastOf(db: Database, userId: string, id: string): Promise<FeedPodcastRow | null> {
  const [row] = await db
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.id, id), eq(podcasts.userId, userId), hasFinishedAudio));
  return (row as FeedPodcastRow | undefined) ?? null;
}

/** The segments of several episodes in one read, by key, each in order. */
export async function listSegmentsOfKeys(db: Database, keys: string[]): Promise<Map<string, SegmentRow[]>> {
  const byKey = new Map<string, SegmentRow[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return byKey;
  const rows = await db.select().from(audioSegments).where(inArray(audioSegments.audioKey, keys)).orderBy(asc(audioSegments.audioKey), asc(audioSegments.seq));
  for (const row of rows) byKey.get(row.audioKey)?.push(row);
  return byKey;
}
