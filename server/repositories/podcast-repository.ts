/**
 * Podcast rows: who may see them, and every read and write of the `podcasts` table.
 */
import crypto from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs, podcasts } from '../db/schema.ts';

export type PodcastRow = typeof podcasts.$inferSelect;
export type NewPodcastRow = typeof podcasts.$inferInsert;

/** Who is asking: a member, or an anonymous browser identified by its token. */
export type Owner = { userId: string } | { anonymousToken: string };

function ownerCondition(owner: Owner): SQL {
  return 'userId' in owner
    ? eq(podcasts.userId, owner.userId)
    : and(eq(podcasts.anonymousToken, owner.anonymousToken), isNull(podcasts.userId))!;
}

/** The creation timestamp, with a random tail so two podcasts made in one millisecond differ. */
export function newPodcastId(now: Date): string {
  return `${now.getTime()}-${crypto.randomBytes(6).toString('hex')}`;
}

export async function insertPodcast(db: Database, values: NewPodcastRow): Promise<PodcastRow> {
  const [row] = await db.insert(podcasts).values(values).returning();
  return row!;
}

/**
 * Inserts the podcast unless the owner already has one made by the same request key; answers null
 * then (the insert waits for a concurrent one to commit before it decides).
 */
export async function insertPodcastOnce(db: Database, values: NewPodcastRow): Promise<PodcastRow | null> {
  const [row] = await db.insert(podcasts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The owner's podcast made by the request with this key, if any. */
export async function findPodcastByRequestKey(db: Database, owner: Owner, requestKey: string): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(and(ownerCondition(owner), eq(podcasts.requestKey, requestKey)));
  return row ?? null;
}

export async function findOwnedPodcast(db: Database, id: string, owner: Owner): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(and(eq(podcasts.id, id), ownerCondition(owner)));
  return row ?? null;
}

export async function findPodcast(db: Database, id: string): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(eq(podcasts.id, id));
  return row ?? null;
}

/** The columns a progress event is made of (services/podcasts/events.ts): not the article nor the script. */
const stateColumns = {
  id: podcasts.id,
  status: podcasts.status,
  progress: podcasts.progress,
  title: podcasts.title,
  error: podcasts.error,
  audioKey: podcasts.audioKey,
  streamKey: podcasts.streamKey,
  madeMs: podcasts.madeMs,
  estimatedMs: podcasts.estimatedMs,
  durationMs: podcasts.durationMs,
  draft: podcasts.draft,
  fallbackReason: podcasts.fallbackReason,
};
export type PodcastState = Pick<PodcastRow, keyof typeof stateColumns>;

/** The conversion state of one of the owner's podcasts. */
export async function findOwnedPodcastState(db: Database, id: string, owner: Owner): Promise<PodcastState | null> {
  const [row] = await db.select(stateColumns).from(podcasts).where(and(eq(podcasts.id, id), ownerCondition(owner)));
  return row ?? null;
}

/** The conversion states of those of the podcasts that exist, in one query. */
export async function findPodcastStates(db: Database, ids: readonly string[]): Promise<PodcastState[]> {
  if (ids.length === 0) return [];
  return db.select(stateColumns).from(podcasts).where(inArray(podcasts.id, [...ids]));
}

/**
 * A podcast as a list shows it: every column but the article and the script (each may run to
 * megabytes; the script is read on its own, `GET …/script`), and whether it has a script.
 */
export type PodcastSummary = Omit<PodcastRow, 'content' | 'articleText' | 'articleStructure'> & { hasScript: boolean };

const { content: _content, articleText: _articleText, articleStructure: _articleStructure, ...summaryColumns } = getTableColumns(podcasts);

/** The owner's podcasts, newest first, without their long texts. */
export async function listOwnedPodcasts(db: Database, owner: Owner): Promise<PodcastSummary[]> {
  return db
    // Any character but white space, as a POSIX class: in a template literal '\S' is read as 'S'.
    .select({ ...summaryColumns, hasScript: sql<boolean>`${podcasts.content} ~ '[^[:space:]]'` })
    .from(podcasts)
    .where(ownerCondition(owner))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id));
}

export async function updatePodcast(db: Database, id: string, values: Partial<PodcastRow>): Promise<PodcastRow | null> {
  const [row] = await db
    .update(podcasts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(podcasts.id, id))
    .returning();
  return row ?? null;
}

/** Sets the title only if it is still `expected` (the member did not rename it meanwhile). */
export async function replaceTitleIfUnchanged(db: Database, id: string, expected: string, title: string): Promise<PodcastRow | null> {
  const [row] = await db
    .update(podcasts)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(podcasts.id, id), eq(podcasts.title, expected)))
    .returning();
  return row ?? null;
}

export async function deletePodcast(db: Database, id: string): Promise<void> {
  await db.delete(podcasts).where(eq(podcasts.id, id));
}

export async function findPodcastByShareToken(db: Database, token: string): Promise<PodcastRow | null> {
  const [row] = await db.select().from(podcasts).where(eq(podcasts.shareToken, token));
  return row ?? null;
}

/** A member's podcasts that have audio, newest first (their feed). */
export async function listReadyPodcastsOf(db: Database, userId: string): Promise<PodcastRow[]> {
  return db
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.userId, userId), eq(podcasts.status, 'ready'), isNotNull(podcasts.audioKey)))
    .orderBy(desc(podcasts.createdAt));
}

export async function findReadyPodcastOf(db: Database, userId: string, id: string): Promise<PodcastRow | null> {
  const [row] = await db
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.id, id), eq(podcasts.userId, userId), eq(podcasts.status, 'ready')));
  return row ?? null;
}

/**
 * Moves an anonymous browser's unclaimed podcasts into the account, their unfinished jobs with them
 * (a fair claim counts them as the member's); answers how many moved.
 */
export async function movePodcastsToAccount(db: Database, anonymousToken: string, userId: string): Promise<number> {
  const moved = await db
    .update(podcasts)
    .set({ userId, anonymousToken: null })
    .where(and(eq(podcasts.anonymousToken, anonymousToken), isNull(podcasts.userId)))
    .returning({ id: podcasts.id });
  if (moved.length > 0) {
    await db
      .update(jobs)
      .set({ owner: userId })
      .where(and(inArray(jobs.podcastId, moved.map((m) => m.id)), inArray(jobs.status, ['queued', 'running'])));
  }
  return moved.length;
}

/** Reads the podcast and locks its row until the transaction ends, so concurrent changes queue up. */
export async function lockPodcast(tx: Database, id: string): Promise<PodcastRow | null> {
  const [row] = await tx.select().from(podcasts).where(eq(podcasts.id, id)).for('update');
  return row ?? null;
}

/** The addresses of the member's podcasts' pages (each once). */
export async function ownedSourceUrls(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ url: podcasts.sourceUrl })
    .from(podcasts)
    .where(and(eq(podcasts.userId, userId), isNotNull(podcasts.sourceUrl)));
  return rows.map((r) => r.url!).filter(Boolean);
}
