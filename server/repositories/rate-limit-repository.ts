/**
 * Fixed-window counters kept in the `rate_limits` table, so every server process sharing a database
 * shares the counts. One upsert per hit: it starts a new window when the old one has run out and
 * answers the count, so two concurrent hits can never both see the last free slot.
 *
 *   const r = await take(db, `login:address:${address}`, { limit: 20, windowMs: 15 * 60_000, now });
 *   if (!r.allowed) answer 429 with Retry-After: r.retryAfterSeconds
 *
 * Only what is allowed is counted: a refused request adds nothing.
 */
import { and, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export interface RateLimitWindow {
  /** Hits allowed in one window; the hit that goes past it is refused. */
  limit: number;
  windowMs: number;
  now: Date;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (at least 1); meaningful when refused. */
  retryAfterSeconds: number;
}

function result(count: number, windowStart: Date, { limit, windowMs, now }: RateLimitWindow): RateLimitResult {
  const endsInMs = windowStart.getTime() + windowMs - now.getTime();
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(endsInMs / 1000)) };
}

/**
 * Takes one of the window's `limit` slots, or refuses and counts nothing. One statement increments and
 * answers the count, and only while the count is under the limit (or the window has run out), so any
 * number of concurrent takes allow exactly `limit`, and refused ones neither add to the count nor
 * move the window's end.
 */
export async function take(db: Database, key: string, window: RateLimitWindow): Promise<RateLimitResult> {
  if (window.limit < 1) return result(1, window.now, { ...window, limit: 0 });
  const now = window.now.toISOString();
  const expiredBefore = new Date(window.now.getTime() - window.windowMs).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${expiredBefore}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: window.now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
      setWhere: sql`${expired} OR ${rateLimits.count} < ${window.limit}`,
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row) return result(row.count, new Date(row.windowStart), window);
  // Refused: the window the full counter is in says when a slot frees.
  const [full] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return { ...result(window.limit + 1, full?.windowStart ?? window.now, window), count: full?.count ?? window.limit };
}

/**
 * Records that `key` happened at `now` (a sign-in from an address, say). A stamp lives in the same
 * table as the counters, under a prefix of its own: its window start is the time it was last made.
 */
export async function stamp(db: Database, key: string, now: Date): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: sql`GREATEST(${rateLimits.windowStart}, ${now.toISOString()}::timestamptz)` } });
}

/** True when `key` was stamped at or after `since`. */
export async function stampedSince(db: Database, key: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gte(rateLimits.windowStart, since)));
  return row !== undefined;
}

/** Takes one hit back (the counted action did not happen after all). */
export async function refund(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets every hit counted against `key`. */
export async function reset(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Counts one more hit at `key` in its current window, past its limit too (a failure while throttled). */
export async function bump(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} + 1` })
    .where(eq(rateLimits.key, key));
}

/** Deletes counters (of keys starting with `prefix`) whose window started before `before`. */
export async function purgeStale(db: Database, before: Date, prefix = ''): Promise<number> {
  const escaped = prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const gone = await db
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, before), like(rateLimits.key, `${escaped}%`)))
    .returning({ key: rateLimits.key });
  return gone.length;
}
