/**
 * The durable job queue: rows in the `jobs` table. A worker claims one row at a time with
 * `FOR UPDATE SKIP LOCKED`, so any number of processes sharing one PostgreSQL never run a job twice,
 * and holds it under a lease. A job whose lease ran out (its process crashed or restarted) becomes
 * claimable again and completes after the server comes back. Claims are fair across owners: the job
 * claimed is one whose owner has the fewest jobs running, so one member's backlog never holds up
 * another's podcast for longer than a slot takes to free.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { inTransaction } from './transaction.ts';

export type Job = typeof jobs.$inferSelect;
/** A podcast's conversion, or a followed feed's check. */
export type JobKind = 'convert' | 'check-feed';

/** The NOTIFY channel a queued job is announced on, inside the enqueueing transaction (so on commit). */
export const JOBS_CHANNEL = 'pagecast_jobs';

/**
 * Whom the job of podcast `p` runs for (`jobs.owner`): its member, else its anonymous visitor; null
 * (never counted against anyone) for neither.
 */
const OWNER = sql.raw(`coalesce(p.user_id, 'anonymous:' || p.anonymous_token)`);

export async function enqueueJob(db: Database, podcastId: string, kind: JobKind, now = new Date()): Promise<Job> {
  const owner = sql`(SELECT ${OWNER} FROM podcasts p WHERE p.id = ${podcastId})`;
  const [job] = await db
    .insert(jobs)
    .values({ id: crypto.randomUUID(), podcastId, kind, owner, status: 'queued', runAfter: now })
    .returning();
  // Wakes the idle workers of every process (they listen through db/notifications.ts) once the
  // transaction commits.
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
  return job!;
}

/** Serialises claims across processes, so each claim counts the jobs the claims before it took. */
const CLAIM_LOCK_ID = 727_262_402;

/**
 * Claims the next due job (queued, or running with an expired lease) for `workerId`: a job of the
 * owner with the fewest jobs running (under a live lease); among those, a podcast with no audio yet
 * first (a job that gave its slot up for it must not take the slot back), then `prefer` (the job a
 * yielding job gave its slot to), then the longest due. Claims take turns under a transaction-wide lock, so two slots claiming at the same moment count
 * each other's claim.
 */
export async function claimJob(db: Database, workerId: string, leaseMs: number, now = new Date(), prefer: string | null = null): Promise<Job | null> {
  const until = new Date(now.getTime() + leaseMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const id = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_ID})`);
    const result = await tx.execute(sql`
      WITH running AS (
        SELECT owner, count(*) AS jobs_running FROM jobs
        WHERE status = 'running' AND locked_until >= ${at}
        GROUP BY owner
      )
      UPDATE jobs SET status = 'running', locked_by = ${workerId}, locked_until = ${until.toISOString()}::timestamptz,
        attempts = attempts + 1
      WHERE id = (
        SELECT j.id FROM jobs j
        LEFT JOIN running ON running.owner = j.owner
        LEFT JOIN podcasts p ON p.id = j.podcast_id
        WHERE (j.status = 'queued' AND j.run_after <= ${at})
           OR (j.status = 'running' AND j.locked_until < ${at})
        ORDER BY coalesce(running.jobs_running, 0), coalesce(p.made_ms, 0) > 0, j.id IS DISTINCT FROM ${prefer}::text, j.run_after, j.created_at
        LIMIT 1
        FOR UPDATE OF j SKIP LOCKED
      )
      RETURNING id`);
    return (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  });
  if (!id) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** The job as this worker claimed it: a worker whose lease was taken over changes nothing. */
const heldBy = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ''), eq(jobs.status, 'running'));

/** Extends the lease while the job still belongs to the worker that claimed it; false when it was lost. */
export async function renewLease(db: Database, job: Job, leaseMs: number, now = new Date()) {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks the job done; false when another worker had taken it over meanwhile. */
export async function completeJob(db: Database, job: Job): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lockedBy: null, lockedUntil: null })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Puts the job back in the queue to run at `runAfter`, or ends it as failed when runAfter is null;
 * false when another worker had taken it over meanwhile.
 */
export async function failJob(db: Database, job: Job, error: string, runAfter: Date | null): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      runAfter
        ? { status: 'queued', runAfter, lastError: error, lockedBy: null, lockedUntil: null }
        : { status: 'failed', lastError: error, lockedBy: null, lockedUntil: null },
    )
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Whether the running job should give its slot up, and to which job: another owner's job that is due
 * and waiting (with `firstPartOnly`, only one whose podcast has no audio yet; whichever the claim
 * order picks, `prefer` null), or the owner's newest podcast (the one they are about to hear) waiting
 * for its first sound, once this job's podcast has audio and no older job of the owner that has audio
 * runs (one of them yields, not all). Null: the job keeps its slot.
 */
export async function slotWanted(db: Database, job: Job, { firstPartOnly }: { firstPartOnly: boolean }): Promise<{ prefer: string | null } | null> {
  const result = await db.execute(sql`
    SELECT j.id, j.owner IS DISTINCT FROM ${job.owner} AS other_owner FROM jobs j JOIN podcasts p ON p.id = j.podcast_id
    WHERE j.status = 'queued' AND j.run_after <= now() AND (
      (j.owner IS DISTINCT FROM ${job.owner} AND (${!firstPartOnly} OR coalesce(p.made_ms, 0) = 0))
      OR (j.owner = ${job.owner} AND j.created_at > ${job.createdAt.toISOString()}::timestamptz AND coalesce(p.made_ms, 0) = 0
        AND NOT EXISTS (SELECT 1 FROM jobs newer WHERE newer.owner = j.owner AND newer.podcast_id IS NOT NULL
          AND newer.status IN ('queued', 'running') AND newer.created_at > j.created_at)
        AND EXISTS (SELECT 1 FROM podcasts mine WHERE mine.id = ${job.podcastId} AND coalesce(mine.made_ms, 0) > 0)
        AND NOT EXISTS (SELECT 1 FROM jobs older JOIN podcasts op ON op.id = older.podcast_id
          WHERE older.owner = j.owner AND older.status = 'running' AND older.locked_until >= now()
            AND older.created_at < ${job.createdAt.toISOString()}::timestamptz AND coalesce(op.made_ms, 0) > 0)))
    ORDER BY j.owner IS DISTINCT FROM ${job.owner} DESC
    LIMIT 1`);
  const row = (result as unknown as { rows: { id: string; other_owner: boolean }[] }).rows[0];
  if (!row) return null;
  return { prefer: row.other_owner ? null : row.id };
}

/** Hands a job back to the queue (a shutdown, or its turn is over), attempt not counted. */
export async function releaseJob(db: Database, job: Job) {
  await db
    .update(jobs)
    .set({ status: 'queued', runAfter: new Date(), attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null })
    .where(heldBy(job));
}

/** Ends the job as cancelled (its work is gone); false when it was taken over, or went with its podcast. */
export async function cancelJob(db: Database, job: Job): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'cancelled', lockedBy: null, lockedUntil: null })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Whether the podcast has a job that is queued or running (one that will still convert it). */
export async function hasLiveJob(db: Database, podcastId: string): Promise<boolean> {
  const live = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.podcastId, podcastId), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  return live.length > 0;
}
