/**
 * Following a site: its address, or its feed's. The server finds the feed (the address itself, or
 * the `<link rel="alternate">` of the page there), reads it to be sure it is one, and keeps the
 * follow; the feed's first check is queued at once. A page with no feed link is told so. Every fetch
 * goes through the SSRF-guarded fetcher and counts against the member's hourly page fetches; an
 * address a follow already names is not fetched again. Free members follow up to FOLLOWS_FREE
 * sources, Premium up to FOLLOWS_PREMIUM.
 */
import type { CreateFollow, Follow } from '../../shared/api/follows.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import { FOLLOW_MESSAGES } from '../../shared/errors.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  countFollows,
  feedForUrl,
  feedOfAddress,
  findFeedByUrl,
  findFollowOfFeed,
  insertFollow,
  queueFeedCheck,
  type FollowWithFeed,
} from '../repositories/follow-repository.ts';
import { fetchFeed } from '../machinery/follow/fetch-feed.ts';
import type { ArticleExtractor } from '../machinery/extract/extractor.ts';
import { feedLinkOf, looksLikeFeed } from '../machinery/follow/parse-feed.ts';
import { takePageFetch } from '../services/podcasts/limits.ts';
import type { Caller } from './identify-caller.ts';
import { newPodcastId } from '../repositories/podcast-repository.ts';
import { inTransaction } from '../repositories/transaction.ts';
import { lockUser } from '../repositories/user-repository.ts';

export interface FollowDeps {
  db: Database;
  config: Pick<Config, 'limits' | 'fetchAllowHosts'>;
  clock: () => Date;
  /** Wakes idle job slots: a new follow's first check is queued. */
  jobs: { nudge(): void };
  /** Reads a feed off the event loop. */
  extractor: Pick<ArticleExtractor, 'readFeed'>;
}

export function toFollow(row: FollowWithFeed): Follow {
  return {
    id: row.id,
    address: row.address,
    feedUrl: row.feedUrl,
    title: row.feedTitle,
    mode: (PODCAST_MODES as readonly string[]).includes(row.mode ?? '') ? (row.mode as PodcastMode) : null,
    minutes: row.minutes,
    digest: row.digest,
    digestHour: row.digestHour,
    paused: row.paused,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastItemAt: row.lastItemAt?.toISOString() ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The feed an address leads to: its URL and title. Throws NOT_A_FEED (with why) or the fetcher's answers. */
async function discoverFeed(deps: FollowDeps, address: string, owner: string): Promise<{ url: string; title: string | null }> {
  const allowHosts = deps.config.fetchAllowHosts;
  const readFeed = async (body: string, url: string) => deps.extractor.readFeed(body, url, { owner });
  const first = await fetchFeed(address, { allowHosts });
  if (first.notModified) throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.notAFeed });
  if (looksLikeFeed(first.body)) return { url: first.url, title: (await readFeed(first.body, first.url)).title };
  if (!/html/.test(first.contentType) && !/<html\b|<head\b|<link\b/i.test(first.body.slice(0, 5000))) {
    throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.notAFeed });
  }
  const link = feedLinkOf(first.body, first.url);
  if (!link) throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.noFeed });
  const feed = await fetchFeed(link, { allowHosts });
  if (feed.notModified || !looksLikeFeed(feed.body)) throw new AppError('NOT_A_FEED', { message: FOLLOW_MESSAGES.notAFeed });
  return { url: feed.url, title: (await readFeed(feed.body, feed.url)).title };
}

export async function followSite(deps: FollowDeps, caller: Caller, request: CreateFollow): Promise<{ follow: Follow; created: boolean }> {
  const limit = caller.isPremium ? deps.config.limits.followsPremium : deps.config.limits.followsFree;
  const atLimit = async (db: Database) => {
    if ((await countFollows(db, caller.userId)) < limit) return;
    throw new AppError('FOLLOW_LIMIT', { message: caller.isPremium ? FOLLOW_MESSAGES.limit(limit) : FOLLOW_MESSAGES.freeLimit(limit) });
  };
  // Asked first so a member at the limit fetches nothing; decided below, with the insert.
  await atLimit(deps.db);
  const now = deps.clock();
  let feed = (await feedOfAddress(deps.db, request.url)) ?? (await findFeedByUrl(deps.db, request.url));
  if (!feed) {
    const fetch = await takePageFetch(deps, { caller, clientAddress: null });
    let found: { url: string; title: string | null };
    try {
      found = await discoverFeed(deps, request.url, `user:${caller.userId}`);
    } catch (err) {
      await fetch.failed();
      throw err;
    }
    await fetch.succeeded();
    feed = await feedForUrl(deps.db, found.url, found.title, now);
  }
  const earlier = await findFollowOfFeed(deps.db, caller.userId, feed.id);
  if (earlier) return { follow: toFollow(earlier), created: false };
  const feedId = feed.id;
  // Counted and inserted in one transaction, under the member's lock: ten at once past the limit keep it.
  const inserted = await inTransaction(deps.db, async (tx) => {
    await lockUser(tx, caller.userId);
    if (await findFollowOfFeed(tx, caller.userId, feedId)) return null;
    await atLimit(tx);
    return insertFollow(tx, {
      id: newPodcastId(now),
      userId: caller.userId,
      feedId,
      address: request.url,
      mode: request.mode ?? null,
      minutes: request.minutes ?? null,
      digest: request.digest ?? false,
      ...(request.digestHour !== undefined ? { digestHour: request.digestHour } : {}),
      createdAt: now,
    });
  });
  const made = await findFollowOfFeed(deps.db, caller.userId, feed.id);
  if (!inserted) return { follow: toFollow(made!), created: false };
  await queueFeedCheck(deps.db, feed.id, now);
  deps.jobs.nudge();
  return { follow: toFollow(made!), created: true };
}
