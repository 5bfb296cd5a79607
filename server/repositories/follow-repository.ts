/**
 * Followed feeds, their items, members' follows and what became of each item for each follow. A feed
 * is one row however many follow it; its check is a job (at most one live per feed, by a partial
 * unique index), and a check takes the feed's turn by moving `next_check_at` forward, so any number
 * of processes fetch it at most once per interval. A member's digest across follows takes its day the
 * same way, so it is made once a day however many checks reach it.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedItems, feeds, followItems, follows, jobs, memberDigests } from '../db/schema.ts';
import { JOBS_CHANNEL } from './job-repository.ts';

export type FeedRow = typeof feeds.$inferSelect;
export type FeedItemRow = typeof feedItems.$inferSelect;
export type FollowRow = typeof follows.$inferSelect;
export type FollowItemRow = typeof followItems.$inferSelect;
export type FollowWithFeed = FollowRow & { feedUrl: string; feedTitle: string | null };
export type MemberDigestRow = typeof memberDigests.$inferSelect;

export async function findFeedByUrl(db: Database, url: string): Promise<FeedRow | null> {
  const [row] = await db.select().from(feeds).where(eq(feeds.url, url));
  return row ?? null;
}

/** The feed at `url`, made when new (due for its first check at once). */
export async function feedForUrl(db: Database, url: string, title: string | null, now: Date): Promise<FeedRow> {
  await db.insert(feeds).values({ id: crypto.randomUUID(), url, title, nextCheckAt: now }).onConflictDoNothing();
  return (await findFeedByUrl(db, url))!;
}

/** The feed a member already follows under this address (as given), if any. */
export async function feedOfAddress(db: Database, address: string): Promise<FeedRow | null> {
  const [row] = await db
    .select({ feed: feeds })
    .from(follows)
    .innerJoin(feeds, eq(feeds.id, follows.feedId))
    .where(eq(follows.address, address))
    .limit(1);
  return row?.feed ?? null;
}

export async function countFollows(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.userId, userId));
  return row?.n ?? 0;
}

/** Locks the follow's row until the transaction `db` ends; false when the follow is gone (unfollowed). */
export async function lockFollow(db: Database, id: string): Promise<boolean> {
  const rows = await db.select({ id: follows.id }).from(follows).where(eq(follows.id, id)).for('update');
  return rows.length > 0;
}

/** Inserts the follow; null when the member already follows that feed. */
export async function insertFollow(db: Database, values: typeof follows.$inferInsert): Promise<FollowRow | null> {
  const [row] = await db.insert(follows).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

const withFeed = { follow: follows, feedUrl: feeds.url, feedTitle: feeds.title };
const flat = (r: { follow: FollowRow; feedUrl: string; feedTitle: string | null }): FollowWithFeed => ({ ...r.follow, feedUrl: r.feedUrl, feedTitle: r.feedTitle });

export async function listFollows(db: Database, userId: string): Promise<FollowWithFeed[]> {
  const rows = await db.select(withFeed).from(follows).innerJoin(feeds, eq(feeds.id, follows.feedId)).where(eq(follows.userId, userId)).orderBy(asc(follows.createdAt));
  return rows.map(flat);
}

export async function findFollow(db: Database, userId: string, id: string): Promise<FollowWithFeed | null> {
  const [row] = await db
    .select(withFeed)
    .from(follows)
    .innerJoin(feeds, eq(feeds.id, follows.feedId))
    .where(and(eq(follows.id, id), eq(follows.userId, userId)));
  return row ? flat(row) : null;
}

export async function findFollowOfFeed(db: Database, userId: string, feedId: string): Promise<FollowWithFeed | null> {
  const [row] = await db
    .select(withFeed)
    .from(follows)
    .innerJoin(feeds, eq(feeds.id, follows.feedId))
    .where(and(eq(follows.userId, userId), eq(follows.feedId, feedId)));
  return row ? flat(row) : null;
}

export async function updateFollow(db: Database, id: string, values: Partial<typeof follows.$inferInsert>): Promise<void> {
  await db.update(follows).set(values).where(eq(follows.id, id));
}

export async function deleteFollow(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(follows).where(and(eq(follows.id, id), eq(follows.userId, userId))).returning({ id: follows.id });
  return rows.length > 0;
}

export async function followsOfFeed(db: Database, feedId: string): Promise<FollowRow[]> {
  return db.select().from(follows).where(eq(follows.feedId, feedId)).orderBy(asc(follows.createdAt));
}

/**
 * Queues a check for each feed that is due and followed (unpaused), unless one is already queued or
 * running for it; answers how many were queued. Wakes idle workers on commit.
 */
export async function queueDueFeedChecks(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    INSERT INTO jobs (id, feed_id, kind, status, run_after)
    SELECT md5(random()::text || clock_timestamp()::text || f.id), f.id, 'check-feed', 'queued', ${at}
    FROM feeds f
    WHERE f.next_check_at <= ${at}
      AND EXISTS (SELECT 1 FROM follows fo WHERE fo.feed_id = f.id AND NOT fo.paused)
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.feed_id = f.id AND j.status IN ('queued', 'running'))
    ON CONFLICT DO NOTHING
    RETURNING id`);
  const queued = (result as unknown as { rows: unknown[] }).rows.length;
  if (queued) await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
  return queued;
}

/** Queues a check of one feed now (a new follow's first items), unless one is live already. */
export async function queueFeedCheck(db: Database, feedId: string, now: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ id: crypto.randomUUID(), feedId, kind: 'check-feed', status: 'queued', runAfter: now })
    .onConflictDoNothing();
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
}

/**
 * Takes the feed's turn to be fetched: moves its next check to `next` when it was due at `now`.
 * False when another check took this interval's turn (the feed is not fetched again).
 */
export async function takeFeedTurn(db: Database, feedId: string, now: Date, next: Date): Promise<boolean> {
  const rows = await db
    .update(feeds)
    .set({ nextCheckAt: next, lastCheckedAt: now, fetches: sql`${feeds.fetches} + 1` })
    .where(and(eq(feeds.id, feedId), lte(feeds.nextCheckAt, now)))
    .returning({ id: feeds.id });
  return rows.length > 0;
}

export async function findFeed(db: Database, id: string): Promise<FeedRow | null> {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
  return row ?? null;
}

export async function updateFeed(db: Database, id: string, values: Partial<typeof feeds.$inferInsert>): Promise<void> {
  await db.update(feeds).set(values).where(eq(feeds.id, id));
}

/** An item as the feed gave it (the feed parser's item). */
export interface NewItem {
  guid: string;
  url: string | null;
  title: string | null;
  author: string | null;
  content: string | null;
  publishedAt: Date | null;
}

/**
 * Stores a fetch's items: one already known by its GUID keeps its row (its text is brought up to
 * date, no new item), and one whose address an item already has is the same item. Answers the items
 * new to the feed, newest first as given.
 */
export async function storeItems(db: Database, feedId: string, items: readonly NewItem[], now: Date): Promise<FeedItemRow[]> {
  if (items.length === 0) return [];
  const known = await db
    .select({ guid: feedItems.guid, url: feedItems.url })
    .from(feedItems)
    .where(and(eq(feedItems.feedId, feedId), inArray(feedItems.guid, items.map((i) => i.guid))));
  const urls = items.map((i) => i.url).filter((u): u is string => !!u);
  const knownUrls = urls.length
    ? await db.select({ url: feedItems.url }).from(feedItems).where(and(eq(feedItems.feedId, feedId), inArray(feedItems.url, urls)))
    : [];
  const guids = new Set(known.map((k) => k.guid));
  const addresses = new Set(knownUrls.map((k) => k.url));
  const fresh: FeedItemRow[] = [];
  for (const item of items) {
    if (guids.has(item.guid)) {
      await db.update(feedItems).set({ title: item.title, content: item.content }).where(and(eq(feedItems.feedId, feedId), eq(feedItems.guid, item.guid)));
      continue;
    }
    if (item.url && addresses.has(item.url)) continue;
    const [row] = await db
      .insert(feedItems)
      .values({ id: crypto.randomUUID(), feedId, ...item, firstSeenAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) fresh.push(row);
    guids.add(item.guid);
    if (item.url) addresses.add(item.url);
  }
  return fresh;
}

/** The feed's newest stored items (by date, then first seen), at most `limit`. */
export async function newestItems(db: Database, feedId: string, limit: number): Promise<FeedItemRow[]> {
  return db
    .select()
    .from(feedItems)
    .where(eq(feedItems.feedId, feedId))
    .orderBy(sql`${feedItems.publishedAt} DESC NULLS LAST`, desc(feedItems.firstSeenAt))
    .limit(limit);
}

/** Records items for a follow with a status; an item it already has keeps its record. */
export async function addFollowItems(db: Database, followId: string, itemIds: readonly string[], status: 'pending' | 'skipped'): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .insert(followItems)
    .values(itemIds.map((itemId) => ({ followId, itemId, status })))
    .onConflictDoNothing();
}

/** The follow's items waiting for an episode, oldest first, with their item. */
export async function pendingItems(db: Database, followId: string): Promise<FeedItemRow[]> {
  const rows = await db
    .select({ item: feedItems })
    .from(followItems)
    .innerJoin(feedItems, eq(feedItems.id, followItems.itemId))
    .where(and(eq(followItems.followId, followId), eq(followItems.status, 'pending')))
    .orderBy(sql`${feedItems.publishedAt} ASC NULLS FIRST`, asc(feedItems.firstSeenAt));
  return rows.map((r) => r.item);
}

export async function settleFollowItems(
  db: Database,
  followId: string,
  itemIds: readonly string[],
  outcome: { status: 'made' | 'failed' | 'skipped'; podcastId?: string | null; error?: string | null },
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .update(followItems)
    .set({ status: outcome.status, podcastId: outcome.podcastId ?? null, error: outcome.error ?? null })
    .where(and(eq(followItems.followId, followId), inArray(followItems.itemId, itemIds)));
}

/** Whether the follow has any item record yet (its first check has been made). */
export async function hasFollowItems(db: Database, followId: string): Promise<boolean> {
  const [row] = await db.select({ id: followItems.itemId }).from(followItems).where(eq(followItems.followId, followId)).limit(1);
  return !!row;
}


export async function findMemberDigest(db: Database, userId: string): Promise<MemberDigestRow | null> {
  const [row] = await db.select().from(memberDigests).where(eq(memberDigests.userId, userId));
  return row ?? null;
}

/** Sets the member's digest hour (a new hour keeps the day of the last digest made), or removes it (null). */
export async function setMemberDigest(db: Database, userId: string, hour: number | null): Promise<void> {
  if (hour === null) {
    await db.delete(memberDigests).where(eq(memberDigests.userId, userId));
    return;
  }
  await db.insert(memberDigests).values({ userId, hour }).onConflictDoUpdate({ target: memberDigests.userId, set: { hour } });
}

/**
 * Takes the member's digest of `day` when its hour has come (`hourNow`) and it is not made yet;
 * answers the day it last had (to give back if the episode must wait), or undefined when not taken.
 */
export async function takeMemberDigestDay(db: Database, userId: string, day: string, hourNow: number): Promise<{ previous: string | null } | undefined> {
  const [before] = await db.select({ lastDigestOn: memberDigests.lastDigestOn }).from(memberDigests).where(eq(memberDigests.userId, userId));
  if (!before) return undefined;
  const rows = await db
    .update(memberDigests)
    .set({ lastDigestOn: day })
    .where(
      and(
        eq(memberDigests.userId, userId),
        lte(memberDigests.hour, hourNow),
        or(isNull(memberDigests.lastDigestOn), ne(memberDigests.lastDigestOn, day)),
      ),
    )
    .returning({ userId: memberDigests.userId });
  return rows.length > 0 ? { previous: before.lastDigestOn } : undefined;
}

/** Gives the day back (the episode waits for the next check). */
export async function releaseMemberDigestDay(db: Database, userId: string, day: string, previous: string | null): Promise<void> {
  await db
    .update(memberDigests)
    .set({ lastDigestOn: previous })
    .where(and(eq(memberDigests.userId, userId), eq(memberDigests.lastDigestOn, day)));
}

/** The items waiting in the member's unpaused follows, oldest first, each with its follow. */
export async function pendingItemsOfMember(db: Database, userId: string): Promise<{ followId: string; item: FeedItemRow }[]> {
  return db
    .select({ followId: followItems.followId, item: feedItems })
    .from(followItems)
    .innerJoin(follows, eq(follows.id, followItems.followId))
    .innerJoin(feedItems, eq(feedItems.id, followItems.itemId))
    .where(and(eq(follows.userId, userId), eq(follows.paused, false), eq(followItems.status, 'pending')))
    .orderBy(sql`${feedItems.publishedAt} ASC NULLS FIRST`, asc(feedItems.firstSeenAt));
}
