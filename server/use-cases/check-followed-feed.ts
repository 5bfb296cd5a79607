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
 * while they fit together; the rest wait for the next day.
 */
import { SOURCES_PER_EPISODE } from '../../shared/api/podcasts.ts';
import { PODCAST_MODES, type PodcastMode } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import { itemText } from '../machinery/follow/item-text.ts';
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
import type { PreparedArticle, Source } from '../pipeline/ports.ts';
import { isPremium } from '../services/auth/user-view.ts';
import { hoursAndMinutes } from '../services/podcasts/episode-length.ts';
import { fetchFeed } from '../machinery/follow/fetch-feed.ts';
import { looksLikeFeed, readFeed } from '../machinery/follow/parse-feed.ts';
import { chooseMode } from './choose-mode.ts';
import { chooseVoice } from './choose-voice.ts';
import { createPodcast, type CreatePodcastDeps, type PodcastRequest, type ReadRequest } from './create-podcast.ts';
import type { Caller } from './identify-caller.ts';
import { planEpisodeLength } from './plan-episode-length.ts';
import { readArticle } from './read-article.ts';
import { combineArticles, sourcesArticle, type ReceivedSource, type SourceReading } from './read-sources.ts';

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
  const notes = new FollowNotes();
  if (follow.digest) {
    if (now.getUTCHours() < follow.digestHour || follow.lastDigestOn === dayOf(now)) return;
    // A digest holds the newest items: older ones are passed over for good, never left waiting.
    const older = waiting.slice(0, Math.max(0, waiting.length - SOURCES_PER_EPISODE.max));
    await settleFollowItems(deps.db, follow.id, older.map((item) => item.id), { status: 'skipped' });
    const fit = await fitEpisode(deps, caller, telling, waiting.slice(older.length).map((item) => ({ followId: follow.id, item })), notes);
    if (!fit) return;
    if (fit.sources.length > 0 && !(await make(deps, caller, { ...requestFor(fit.sources), ...telling }, fit.take, notes, readOf(fit)))) return;
    if (fit.sources.length === 0) await notes.say(deps, follow.id);
    await updateFollow(deps.db, follow.id, { lastDigestOn: dayOf(now) });
    return;
  }
  for (const item of waiting) {
    const source = sourceOf(item);
    if (!source) {
      await settleFollowItems(deps.db, follow.id, [item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    // Create holds it to the length limit: one too long fails with what would fit, and the next goes on.
    if (!(await make(deps, caller, { ...requestOf(source), ...telling }, [{ followId: follow.id, item }], notes))) return;
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
  const caller = callerOf(user, deps);
  const notes = new FollowNotes();
  // Made, or failed for good: the day is done. Waiting on the allowance, or stopped by an error: the day is given back.
  let done = false;
  try {
    const fit = await fitEpisode(deps, caller, {}, waiting, notes);
    done = !!fit && (fit.sources.length === 0 || (await make(deps, caller, requestFor(fit.sources), fit.take, notes, readOf(fit))));
    if (done && fit!.sources.length === 0) for (const followId of notes.follows()) await notes.say(deps, followId);
  } finally {
    if (!done) await releaseMemberDigestDay(deps.db, userId, day, taken.previous);
  }
}

type Telling = Pick<PodcastRequest, 'mode' | 'minutes'>;

/** The one request of an episode of these sources. */
const requestFor = (sources: readonly ReceivedSource[]): PodcastRequest => (sources.length >= 2 ? { sources: [...sources] } : requestOf(sources[0]!));

const itemName = (item: FeedItemRow) => `“${item.title ?? item.url ?? 'An item'}”`;

/** What went wrong with a follow's items in this check, said on the follow together (null: all well). */
class FollowNotes {
  private readonly said = new Map<string, string[]>();
  add(followId: string, note: string) {
    this.said.set(followId, [...(this.said.get(followId) ?? []), note]);
  }
  of(followId: string, last?: string): string | null {
    const all = [...(this.said.get(followId) ?? []), ...(last ? [last] : [])];
    return all.length ? all.join(' ') : null;
  }
  follows(): string[] {
    return [...this.said.keys()];
  }
  async say(deps: { db: CheckFeedDeps['db'] }, followId: string) {
    await updateFollow(deps.db, followId, { error: this.of(followId) });
  }
}

/** The waiting items one episode can read, in order, and those that wait for the next. */
interface Fit {
  /** The sources read, each once (an article two follows share is read once). */
  sources: ReceivedSource[];
  /** The items the episode is made of. */
  take: Waiting[];
  /** Each source as read (its article, or why it could not be read): the episode is made from this. */
  readings: SourceReading[];
}

/**
 * The waiting items one digest can read within the length limit, by the rule Create applies
 * (`planEpisodeLength` over the articles read together), and at most SOURCES_PER_EPISODE.max
 * sources: in order while they fit, the first that does not and those after it waiting for the next
 * day (said on their follows); an item too long on its own is failed with its reason, and one with
 * nothing to read failed too. An item that cannot be read goes in as it is (the episode names it, as
 * for any source). Null when the member must wait (the hour's page fetches): nothing is decided.
 */
async function fitEpisode(deps: CheckFeedDeps, caller: Caller, telling: Telling, waiting: readonly Waiting[], notes: FollowNotes): Promise<Fit | null> {
  const { mode, minutes } = await chooseMode(deps, telling, caller);
  const voice = await chooseVoice(deps, undefined, caller);
  /** The refusal Create would give an episode of these articles; null when they fit. */
  const tooLong = (articles: PreparedArticle[]) =>
    planEpisodeLength(deps, { caller, mode, minutes, voice, articles: [combineArticles(articles)] }).then(
      () => null,
      (err: unknown) => (err instanceof AppError && err.code === 'EPISODE_TOO_LONG' ? err : Promise.reject(err)),
    );
  const fit: Fit = { sources: [], take: [], readings: [] };
  const waits: Waiting[] = [];
  const articles: PreparedArticle[] = [];
  const read = new Set<string>();
  for (const entry of waiting) {
    const source = sourceOf(entry.item);
    if (!source) {
      await settleFollowItems(deps.db, entry.followId, [entry.item.id], { status: 'failed', error: NO_SOURCE });
      continue;
    }
    const key = 'url' in source ? source.url : null;
    if (key !== null && read.has(key)) {
      fit.take.push(entry);
      continue;
    }
    if (waits.length > 0 || fit.sources.length === SOURCES_PER_EPISODE.max) {
      waits.push(entry);
      continue;
    }
    let reading: SourceReading;
    try {
      // Read as Create reads it, once: the episode is made from this reading (make's `read`).
      reading = await readArticle(deps, { caller, clientAddress: null }, requestOf(source));
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        for (const followId of new Set(waiting.map((w) => w.followId))) await updateFollow(deps.db, followId, { error: `New items wait: ${err.message}` });
        return null;
      }
      if (!(err instanceof AppError)) throw err;
      reading = err;
    }
    const article = reading instanceof AppError ? null : reading;
    if (article) {
      const alone = await tooLong([article]);
      if (alone) {
        await settleFollowItems(deps.db, entry.followId, [entry.item.id], { status: 'failed', error: alone.message });
        notes.add(entry.followId, `${itemName(entry.item)} could not be made into an episode: ${alone.message}`);
        continue;
      }
      if (articles.length > 0 && (await tooLong([...articles, article]))) {
        waits.push(entry);
        continue;
      }
      articles.push(article);
    }
    fit.sources.push(source);
    fit.readings.push(reading);
    fit.take.push(entry);
    if (key) read.add(key);
  }
  if (waits.length > 0) {
    const limit = hoursAndMinutes((caller.isPremium ? deps.config.limits.premiumMaxEpisodeMinutes : deps.config.limits.maxEpisodeMinutes) * 60);
    const all = fit.take.length + waits.length;
    const rest = waits.length === 1 ? 'the other one waits' : `the other ${waits.length} wait`;
    const note = `The day’s episode holds ${fit.take.length} of its ${all} items (an episode runs up to ${limit} and reads up to ${SOURCES_PER_EPISODE.max} sources); ${rest} for the next day.`;
    for (const followId of new Set(waits.map((w) => w.followId))) notes.add(followId, note);
  }
  return fit;
}

/** One source as a request of its own. */
function requestOf(source: ReceivedSource): Source {
  return ('text' in source ? { ...source, title: source.title ?? '', sourceUrl: source.sourceUrl ?? '' } : source) as Source;
}

/**
 * One episode of `items`, said on their follows after what went wrong before it in this check
 * (`notes`); false when the member must wait (the day's allowance, the hour's fetches): the items stay
 * waiting.
 */
async function make(
  deps: CheckFeedDeps,
  caller: Caller,
  request: PodcastRequest,
  items: readonly Waiting[],
  notes: FollowNotes,
  read?: () => Promise<ReadRequest>,
): Promise<boolean> {
  const byFollow = new Map<string, string[]>();
  for (const { followId, item } of items) byFollow.set(followId, [...(byFollow.get(followId) ?? []), item.id]);
  // Follows with something to say whose items are not in this episode (all left out or waiting).
  const others = notes.follows().filter((followId) => !byFollow.has(followId));
  try {
    const podcast = await createPodcast(deps, { owner: { userId: caller.userId }, caller, clientAddress: null, request, ...(read ? { read } : {}) });
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'made', podcastId: podcast.id });
      await notes.say(deps, followId);
    }
    for (const followId of others) await notes.say(deps, followId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      for (const followId of byFollow.keys()) await updateFollow(deps.db, followId, { error: notes.of(followId, `New items wait: ${err.message}`) });
      for (const followId of others) await notes.say(deps, followId);
      return false;
    }
    if (!(err instanceof AppError)) throw err;
    const named = items.length === 1 ? itemName(items[0]!.item) : 'The day’s items';
    for (const [followId, ids] of byFollow) {
      await settleFollowItems(deps.db, followId, ids, { status: 'failed', error: err.message });
      notes.add(followId, `${named} could not be made into an episode: ${err.message}`);
      await notes.say(deps, followId);
    }
    for (const followId of others) await notes.say(deps, followId);
    return true;
  }
}

/** The episode's article from the fit's readings, as Create would read its request (an unreadable lone source answers why). */
function readOf(fit: Fit): () => Promise<ReadRequest> {
  return async () => {
    if (fit.sources.length >= 2) return sourcesArticle(fit.sources, fit.readings);
    const [reading] = fit.readings;
    if (reading instanceof AppError) throw reading;
    return { article: reading!, sources: null };
  };
}

/** What an item is read from: its address, else its text in the feed. */
function sourceOf(item: FeedItemRow): ReceivedSource | null {
  if (item.url) return { url: item.url };
  const text = item.content ? itemText(item.content) : '';
  if (!text.trim()) return null;
  return { text, ...(item.title ? { title: item.title.slice(0, 300) } : {}) };
}
