/** A member's listening queue: the `queue_entries` table. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { podcasts, queueEntries, users } from '../db/schema.ts';

/** The member's queued podcast ids, first to play first. */
export async function listQueue(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ podcastId: queueEntries.podcastId })
    .from(queueEntries)
    .where(eq(queueEntries.userId, userId))
    .orderBy(asc(queueEntries.position));
  return rows.map((r) => r.podcastId);
}

/**
 * Replaces the member's whole queue with `podcastIds`, in that order. Run it in a transaction: the
 * member's row stays locked until it ends, so two replacements at once apply one after the other.
 */
export async function replaceQueue(db: Database, userId: string, podcastIds: string[]): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await db.delete(queueEntries).where(eq(queueEntries.userId, userId));
  if (podcastIds.length === 0) return;
  await db.insert(queueEntries).values(podcastIds.map((podcastId, position) => ({ userId, podcastId, position })));
}

/** Which of `ids` are podcasts of the member. */
export async function ownedPodcastIds(db: Database, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.userId, userId), inArray(podcasts.id, ids)));
  return new Set(rows.map((r) => r.id));
}
