/**
 * Audio segments: an episode's stored pieces in order, their place in the finished file and the
 * times of the sentences spoken in them.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { audioSegments } from '../db/schema.ts';

export type SegmentRow = typeof audioSegments.$inferSelect;
export type NewSegmentRow = typeof audioSegments.$inferInsert;
export type { SegmentCue } from '../db/schema.ts';

/** Stores a segment; one a crashed run stored under the same place is replaced. */
export async function upsertSegment(db: Database, values: NewSegmentRow): Promise<void> {
  const { podcastId, byteOffset, bytes, startMs, durationMs, nextSentence, cues } = values;
  await db
    .insert(audioSegments)
    .values(values)
    .onConflictDoUpdate({
      target: [audioSegments.audioKey, audioSegments.seq],
      set: { podcastId, byteOffset, bytes, startMs, durationMs, nextSentence, cues },
    });
}

export async function listSegments(db: Database, audioKey: string): Promise<SegmentRow[]> {
  return db.select().from(audioSegments).where(eq(audioSegments.audioKey, audioKey)).orderBy(asc(audioSegments.seq));
}

export async function findSegment(db: Database, audioKey: string, seq: number): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(audioSegments)
    .where(and(eq(audioSegments.audioKey, audioKey), eq(audioSegments.seq, seq)));
  return row ?? null;
}

/** The last segment stored for a key: where a restarted run resumes. */
export async function lastSegment(db: Database, audioKey: string): Promise<SegmentRow | null> {
  const [row] = await db
    .select()
    .from(audioSegments)
    .where(eq(audioSegments.audioKey, audioKey))
    .orderBy(desc(audioSegments.seq))
    .limit(1);
  return row ?? null;
}

/** Forgets segments from `fromSeq` on (all of them by default). */
export async function deleteSegments(db: Database, audioKey: string, fromSeq = 0): Promise<void> {
  await db.delete(audioSegments).where(and(eq(audioSegments.audioKey, audioKey), gte(audioSegments.seq, fromSeq)));
}

/** Those of `keys` that a podcast, a stored segment or an answer still names: their audio is not an orphan. */
export async function referencedAudioKeys(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = sql.join(keys.map((k) => sql`${k}`), sql`, `);
  const result = await db.execute(sql`
    SELECT audio_key AS key FROM podcasts WHERE audio_key IN (${list})
    UNION SELECT stream_key FROM podcasts WHERE stream_key IN (${list})
    UNION SELECT audio_key FROM audio_segments WHERE audio_key IN (${list})
    UNION SELECT audio_key FROM questions WHERE audio_key IN (${list})`);
  return new Set((result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key));
}
