/**
 * A followed feed's check, run as a job. It fetches the feed when its turn has come (once per
 * interval however many follow it and however many workers run: the turn is taken in the database),
 * politely (ETag and Last-Modified sent back, the feed's own ttl or sy:updatePeriod kept, a little
 * jitter, a longer wait after each failure), stores the items new to it, and gives them to each
 * follow: a follow's first check takes at most the 3 newest, a paused follow lets them pass. Then
 * each follow's waiting items become episodes: one each, or for a digest one a day at its hour with
 * a chapter per item. A member who asked for a digest across follows gets instead one episode a day
 * from its hour of every unpaused follow's waiting items (the day taken in the database, so it is made
 * once however many checks reach it). A member at the day's allowance (or the hour's page fetches)
 * waits, items kept.
 *
 * Every episode a follow makes is held to the episode length limit (`planEpisodeLength`, as Create
 * is). An item too long for one episode is skipped, not cut: the follow runs while its member is
 * away, and an episode that stops partway through an article would sit in their list and their
 * podcast app looking whole. The follow says which item and why, with what would fit (a shorter
 * mode, a part of it), so the member can make it by hand. A digest takes the day's items in order
 * while they fit together; the rest wait for the next day. (The episodes: make-follow-episodes.ts,
 * fit-follow-episode.ts for a digest, follow-items.ts what they share.)
 */
import { AppError } from '../errors.ts';
import { fetchFeed } from '../machinery/follow/fetch-feed.ts';
import { looksLikeFeed } from '../machinery/follow/parse-feed.ts';
import {
  addFollowItems,
  findFeed,
  followsOfFeed,
  hasFollowItems,
  lockFollow,
  newestItems,
  storeItems,
  takeFeedTurn,
  updateFeed,
  updateFollow,
  type FeedItemRow,
  type FeedRow,
  type FollowRow,
} from '../repositories/follow-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import type { CheckFeedDeps } from './follow-items.ts';
import { makeEpisodes } from './make-follow-episodes.ts';

/** A new follow's first check makes episodes of at most this many items, the newest. */
export const FIRST_CHECK_ITEMS = 3;
/** The longest wait after failures in a row. */
const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/** When the feed is checked next: the interval (or the feed's own, when longer) plus up to a tenth of jitter; doubled per failure in a row. */
export function nextCheck(now: Date, intervalMs: number, feedSeconds: number | null, failures: number, random = Math.random): Date {
  const base = Math.max(intervalMs, (feedSeconds ?? 0) * 1000);
  const wait = Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(failures, 10));
  return new Date(now.getTime() + wait + Math.floor(random() * base * 0.1));
}

export async function checkFollowedFeed(deps: CheckFeedDeps, feedId: string, signal: AbortSignal): Promise<void> {
  const feed = await findFeed(deps.db, feedId);
  if (!feed) return;
  const now = deps.clock();
  const follows = await followsOfFeed(deps.db, feedId);
  const fresh = await fetchIfDue(deps, feed, now, signal);
  for (const follow of follows) {
    if (fresh === null && (await hasFollowItems(deps.db, follow.id))) continue;
    await giveItems(deps, feed, follow, fresh ?? [], now);
  }
  for (const follow of await followsOfFeed(deps.db, feedId)) {
    if (follow.paused) continue;
    signal.throwIfAborted();
    await makeEpisodes(deps, feed, follow, now);
  }
}

/** Fetches the feed when its turn has come: the items new to it, or null when it was not fetched (not due, unchanged, failed). */
async function fetchIfDue(deps: CheckFeedDeps, feed: FeedRow, now: Date, signal: AbortSignal): Promise<FeedItemRow[] | null> {
  const interval = deps.config.followIntervalMs;
  if (!(await takeFeedTurn(deps.db, feed.id, now, nextCheck(now, interval, feed.minIntervalSeconds, 0)))) return null;
  const log = deps.logger.child({ feedId: feed.id });
  try {
    const answer = await fetchFeed(feed.url, { allowHosts: deps.config.fetchAllowHosts, validators: { etag: feed.etag, lastModified: feed.lastModified }, signal });
    if (answer.notModified) {
      log.info('feed checked', { notModified: true });
      await updateFeed(deps.db, feed.id, { failures: 0, error: null });
      for (const follow of await followsOfFeed(deps.db, feed.id)) await updateFollow(deps.db, follow.id, { lastCheckedAt: now });
      return null;
    }
    if (!looksLikeFeed(answer.body)) throw new AppError('NOT_A_FEED', { message: 'The address no longer gives a feed.' });
    const parsed = await deps.extractor.readFeed(answer.body, answer.url, { owner: `feed:${feed.id}` });
    const fresh = await storeItems(deps.db, feed.id, parsed.items, now);
    await updateFeed(deps.db, feed.id, {
      title: parsed.title ?? feed.title,
      etag: answer.validators.etag,
      lastModified: answer.validators.lastModified,
      minIntervalSeconds: parsed.minIntervalSeconds,
      nextCheckAt: nextCheck(now, interval, parsed.minIntervalSeconds, 0),
      failures: 0,
      error: null,
    });
    log.info('feed checked', { items: parsed.items.length, fresh: fresh.length });
    return fresh;
  } catch (err) {
    if (signal.aborted) throw err;
    // A feed that fails is tried again later and later; its followers read why.
    const failures = feed.failures + 1;
    const reason = err instanceof AppError ? err.message : 'The feed could not be read.';
    log.warn('feed check failed', { err, failures });
    await updateFeed(deps.db, feed.id, { failures, error: reason, nextCheckAt: nextCheck(now, interval, feed.minIntervalSeconds, failures) });
    for (const follow of await followsOfFeed(deps.db, feed.id)) await updateFollow(deps.db, follow.id, { error: `The feed could not be checked: ${reason}`, lastCheckedAt: now });
    return null;
  }
}

/**
 * Gives a follow the items new to the feed: its first check the newest few (the rest pass), a paused
 * follow none. In a transaction of its own under the follow's lock: a follow that went during the check
 * (unfollowed) is skipped, and the other followers get their items whatever happens to it.
 */
async function giveItems(deps: CheckFeedDeps, feed: FeedRow, follow: FollowRow, fresh: readonly FeedItemRow[], now: Date) {
  await inTransaction(deps.db, async (tx) => {
    if (!(await lockFollow(tx, follow.id))) return;
    if (!(await hasFollowItems(tx, follow.id))) {
      const newest = await newestItems(tx, feed.id, 200);
      const take = follow.paused ? [] : newest.slice(0, FIRST_CHECK_ITEMS);
      await addFollowItems(tx, follow.id, take.map((i) => i.id), 'pending');
      await addFollowItems(tx, follow.id, newest.filter((i) => !take.includes(i)).map((i) => i.id), 'skipped');
    } else {
      await addFollowItems(tx, follow.id, fresh.map((i) => i.id), follow.paused ? 'skipped' : 'pending');
    }
    await updateFollow(tx, follow.id, { lastCheckedAt: now, ...(fresh.length && !follow.paused ? { lastItemAt: now } : {}), ...(feed.error ? {} : { error: null }) });
  });
}

