/**
 * What API tests read and set in the database directly, named by what they mean. Route tests use
 * these instead of SQL of their own, so nothing under server/routes/ touches the database layer.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { audioSegments, jobs, podcasts, pronunciationLists, rateLimits, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type PodcastRow = typeof podcasts.$inferSelect;
type NewPodcastRow = typeof podcasts.$inferInsert;

/** The account stored under this (already lower-cased) e-mail, if any. */
export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

export async function userById(db: Database, id: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

/** Sets a member's Stripe subscription status as a webhook would. */
export async function setSubscriptionStatus(db: Database, email: string, status: string): Promise<void> {
  await db.update(users).set({ subscriptionStatus: status }).where(eq(users.email, email));
}

export async function podcastById(db: Database, id: string): Promise<PodcastRow | undefined> {
  return (await db.select().from(podcasts).where(eq(podcasts.id, id)))[0];
}

/** The podcasts still kept for an anonymous browser. */
export function podcastsOfBrowser(db: Database, anonymousToken: string): Promise<PodcastRow[]> {
  return db.select().from(podcasts).where(eq(podcasts.anonymousToken, anonymousToken));
}

export async function insertPodcasts(db: Database, rows: NewPodcastRow | NewPodcastRow[]): Promise<void> {
  await db.insert(podcasts).values(Array.isArray(rows) ? rows : [rows]);
}

/** Marks a podcast failed with a reason, as a job that gave up would. */
export async function markPodcastFailed(db: Database, id: string, error: string): Promise<void> {
  await db.update(podcasts).set({ status: 'failed', error }).where(eq(podcasts.id, id));
}

/** How many jobs exist for one podcast, or in all. */
export async function countJobs(db: Database, podcastId?: string): Promise<number> {
  const rows = podcastId ? await db.select().from(jobs).where(eq(jobs.podcastId, podcastId)) : await db.select().from(jobs);
  return rows.length;
}

export { hasLiveJob } from '../repositories/job-repository.ts';

/** Forgets every rate-limit count, so a test starts with a full allowance. */
export async function clearRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits);
}

/** An episode's stored segments, in order. */
export async function segmentsOf(db: Database, audioKey: string) {
  return db.select().from(audioSegments).where(eq(audioSegments.audioKey, audioKey)).orderBy(asc(audioSegments.seq));
}

/** Makes storing a new account fail from now on (a trigger raises), as a database fault would. */
export async function refuseNewAccounts(db: Database): Promise<void> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the test refuses new accounts'; END $$`),
  );
  await db.execute(sql.raw('CREATE TRIGGER test_refuse_account BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION test_refuse_account()'));
}

/** Replaces the cues a stored segment recorded (as a writer that names speakers and chapters would). */
export async function setSegmentCues(db: Database, audioKey: string, seq: number, cues: (typeof audioSegments.$inferSelect)['cues']): Promise<void> {
  await db.update(audioSegments).set({ cues }).where(and(eq(audioSegments.audioKey, audioKey), eq(audioSegments.seq, seq)));
}

/** Deletes a member's account row, as an operator would: what is theirs goes with it. */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** How many pronunciation lists are kept for the member (0 or 1). */
export async function pronunciationListsOf(db: Database, userId: string): Promise<number> {
  const rows = await db.select({ userId: pronunciationLists.userId }).from(pronunciationLists).where(eq(pronunciationLists.userId, userId));
  return rows.length;
}
