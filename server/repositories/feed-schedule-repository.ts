/** When followed feeds are checked next, moved as a whole when the interval changes. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feeds } from '../db/schema.ts';

/**
 * Moves up the checks scheduled further ahead than `intervalMs` allows (the interval was shortened):
 * each is due an interval (or the feed's own, when longer) from now. A feed waiting out failures
 * keeps its wait. Answers how many moved.
 */
export async function rescheduleFeedChecks(db: Database, now: Date, intervalMs: number): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const wait = sql`GREATEST(${intervalMs}::float8, COALESCE(${feeds.minIntervalSeconds}, 0) * 1000.0) * interval '1 millisecond'`;
  const rows = await db
    .update(feeds)
    .set({ nextCheckAt: sql`${at} + ${wait}` })
    // The jitter adds up to a tenth of the wait: a check within it stays where it is.
    .where(and(eq(feeds.failures, 0), sql`${feeds.nextCheckAt} > ${at} + ${wait} * 1.1`))
    .returning({ id: feeds.id });
  return rows.length;
}
