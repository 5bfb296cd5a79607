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
 */
import { SOURCES_PER_EPISODE } from '../../shared/api/podcasts.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import {
  addFollowItems,
  findFeed,
  followsOfFeed,
  hasFollowItems,
  findMemberDigest,
  newestItems,
  pendingItems,
  pendingItemsOfMember,
  releaseMemberDigestDay,
  settleFollowItems,
  storeItems,
  takeFeedTurn,
  takeMemberDigestDay,
  updateFeed,
  updateFollow,
  type FeedItemRow,
  type FeedRow,
  type FollowRow,
} from '../repositories/follow-repository.ts';
import { findUser, type UserRow } from '../repositories/user-repository.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { fetchFeed } from '../services/follow/fetch-feed.ts';
import { looksLikeFeed, readFeed } from '../services/follow/parse-feed.ts';
import { createPodcast, type CreatePodcastDeps, type PodcastRequest } from './create-podcast.ts';
import type { ReceivedSource } from './read-sources.ts';
import type { Caller } from './identify-caller.ts';

/** A new follow's first check makes episodes of at most this many items, the newest. */
export const FIRST_CHECK_ITEMS = 3;
/** The longest wait after failures in a row. */
const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

export interface CheckFeedDeps extends CreatePodcastDeps {
  config: CreatePodcastDeps['config'] & Pick<Config, 'followIntervalMs' | 'fetchAllowHosts' | 'stripe'>;
  logger: Logger;
}

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
      return null;
    }
    if (!looksLikeFeed(answer.body)) throw new AppError('NOT_A_FEED', { message: 'The address no longer gives a feed.' });
    const parsed = readFeed(answer.body, answer.url);
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

/** Gives a follow the items new to the feed: its first check the newest few (the rest pass), a paused follow none. */
async function giveItems(deps: CheckFeedDeps, feed: FeedRow, follow: FollowRow, fresh: readonly FeedItemRow[], now: Date) {
  if (!(await hasFollowItems(deps.db, follow.id))) {
    const newest = await newestItems(deps.db, feed.id, 200);
    const take = follow.paused ? [] : newest.slice(0, FIRST_CHECK_ITEMS);
    await addFollowItems(deps.db, follow.id, take.map((i) => i.id), 'pending');
    await addFollowItems(deps.db, follow.id, newest.filter((i) => !take.includes(i)).map((i) => i.id), 'skipped');
  } else {
    await addFollowItems(deps.db, follow.id, fresh.map((i) => i.id), follow.paused ? 'skipped' : 'pending');
  }
  await updateFollow(deps.db, follow.id, { lastCheckedAt: now, ...(fresh.length && !follow.paused ? { lastItemAt: now } : {}), ...(feed.error ? {} : { error: null }) });
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A follow's waiting item, with the follow it waits in. */
interface Waiting {
  followId: string;
  item: FeedItemRow;
}

const callerOf = (user: UserRow, deps: CheckFeedDeps): Caller => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  isPremium: isPremium(user, deps.config),
  sessionId: '',
});

/** The follow's waiting items made into episodes: each its own, or a digest once a day from its hour; the member's digest across follows instead when they asked for one. */
async function makeEpisodes(deps: CheckFeedDeps, feed: FeedRow, follow: FollowRow, now: Date) {
  if (await findMemberDigest(deps.db, follow.userId)) return makeMemberDigest(deps, follow.userId, now);
  const waiting = await pendingItems(deps.db, follow.id);
  if (waiting.length === 0) return;
  const user = await findUser(deps.db, follow.userId);
  if (!user) return;
  const caller = callerOf(user, deps);
  const telling = {
    ...(PODCAST_MODES.includes(follow.mode as PodcastMode) ? { mode: follow.mode as PodcastMode } : {}),
    ...(follow.minutes && (follow.mode === 'podcast' || follow.mode === 'conversation') ? { minutes: follow.minutes } : {}),
  };
  if (follow.digest) {
    if (now.getUTCHours() < follow.digestHour || follow.lastDigestOn === dayOf(now)) return;
    const items = waiting.slice(-SOURCES_PER_EPISODE.max);
    const sources = items.map(sourceOf).filter((s): s is ReceivedSource => s !== null);
    const request: PodcastRequest = sources.length >= 2 ? { sources, ...telling } : ({ ...(sources[0] ? requestOf(sources[0]) : { url: feed.url }), ...telling } as PodcastRequest);
    const made = await make(deps, caller, request, items.map((item) => ({ followId: follow.id, item })));
    if (made) await updateFollow(deps.db, follow.id, { lastDigestOn: dayOf(now) });
    return;
  }
  for (const item of waiting) {
    const source = sourceOf(item);
    if (!source) {
      await settleFollowItems(deps.db, follow.id, [item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    if (!(await make(deps, caller, { ...requestOf(source), ...telling }, [{ followId: follow.id, item }]))) return;
  }
}

const NO_SOURCE = 'The item has neither an address nor any text.';

/**
 * The member's digest across follows: once a day from its hour, one episode (in the member's own
 * mode) of the items waiting in every unpaused follow, oldest first, a chapter each; an article two
 * follows share is read once; past the most one episode takes, the rest wait for the next day.
 */
async function makeMemberDigest(deps: CheckFeedDeps, userId: string, now: Date) {
  const waiting = await pendingItemsOfMember(deps.db, userId);
  if (waiting.length === 0) return;
  const day = dayOf(now);
  const taken = await takeMemberDigestDay(deps.db, userId, day, now.getUTCHours());
  if (!taken) return;
  const user = await findUser(deps.db, userId);
  if (!user) return;
  const sources: ReceivedSource[] = [];
  const chosen: Waiting[] = [];
  const read = new Set<string>();
  for (const entry of waiting) {
    const source = sourceOf(entry.item);
    if (!source) {
      await settleFollowItems(deps.db, entry.followId, [entry.item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    const key = 'url' in source ? source.url : null;
    if (key === null || !read.has(key)) {
      if (sources.length === SOURCES_PER_EPISODE.max) continue;
      sources.push(source);
      if (key) read.add(key);
    }
    chosen.push(entry);
  }
  if (sources.length === 0) return;
  const request: PodcastRequest = sources.length >= 2 ? { sources } : requestOf(sources[0]!);
  // Made, or failed for good: the day is done. Waiting on the allowance: the day is given back.
  if (!(await make(deps, callerOf(user, deps), request, chosen))) await releaseMemberDigestDay(deps.db, userId, day, taken.previous);
}

/** One source as a request of its own. */
function requestOf(source: ReceivedSource): PodcastRequest {
  return ('text' in source ? { ...source, title: source.title ?? '', sourceUrl: source.sourceUrl ?? '' } : source) as PodcastRequest;
}

/** One episode of `items`; false when the member must wait (the day's allowance, the hour's fetches): the items stay waiting. */
async function make(deps: CheckFeedDeps, caller: Caller, request: PodcastRequest, items: readonly Waiting[]): Promise<boolean> {
  const byFollow = new Map<string, string[]>();
  for (const { followId, item } of items) byFollow.set(followId, [...(byFollow.get(followId) ?? []), item.id]);
  try {
    const podcast = await createPodcast(deps, { owner: { userId: caller.userId }, caller, clientAddress: null, request });
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'made', podcastId: podcast.id });
      await updateFollow(deps.db, followId, { error: null });
    }
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      for (const followId of byFollow.keys()) await updateFollow(deps.db, followId, { error: `New items wait: ${err.message}` });
      return false;
    }
    if (!(err instanceof AppError)) throw err;
    const named = items.length === 1 ? `“${items[0]!.item.title ?? items[0]!.item.url ?? 'An item'}”` : 'The day’s items';
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'failed', error: err.message });
      await updateFollow(deps.db, followId, { error: `${named} could not be made into an episode: ${err.message}` });
    }
    return true;
  }
}

/** What an item is read from: its address, else its text in the feed. */
function sourceOf(item: FeedItemRow): ReceivedSource | null {
  if (item.url) return { url: item.url };
  const text = item.content ? plainText(item.content) : '';
  if (!text.trim()) return null;
  return { text, ...(item.title ? { title: item.title.slice(0, 300) } : {}) };
}

/** An item's HTML content as text: a line per block, tags and entities gone. */
function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<(?:br|\/p|\/div|\/h\d|\/li)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim()
    .slice(0, 200_000);
}
