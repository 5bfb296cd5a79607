/**
 * The limits of making podcasts, per member or address: the hourly page fetches (below), and the
 * daily conversions, taken before any fetch, model or voice call: anonymous visitors per
 * address, free members per account; Premium has none. A counter of conversions started (not a
 * count of podcasts kept), taken atomically: deleting podcasts frees nothing, and parallel requests
 * cannot all squeeze through the last free slot. A refused request counts nothing, so a conversion
 * given back (its page could not be read) is free again even after requests were refused meanwhile.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { FOLLOW_MESSAGES } from '../../../shared/errors.ts';
import { rateLimited } from '../../errors.ts';
import { refund, take } from '../../repositories/rate-limit-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LimitSubject {
  caller: { userId: string; isPremium: boolean } | null;
  clientAddress: string | null;
  /**
   * Whose failed-fetch budget a page that cannot be read spends when it is not the caller's: a followed
   * feed's items spend the feed's own (`feed:<id>`), so a feed of broken links never locks its member out.
   */
  failuresOf?: string;
}

/**
 * Counts one conversion against the subject's daily allowance, or throws RATE_LIMITED (429). Answers
 * a function that gives the conversion back when it could not even start (the page was unreadable).
 */
export async function takeDailyConversion(
  deps: { db: Database; config: { limits: Pick<Config['limits'], 'freeDailyPodcasts' | 'anonymousDailyPodcasts'> }; clock: () => Date },
  subject: LimitSubject,
): Promise<() => Promise<void>> {
  const { caller } = subject;
  if (caller?.isPremium) return async () => {};
  const limit = caller ? deps.config.limits.freeDailyPodcasts : deps.config.limits.anonymousDailyPodcasts;
  const key = caller ? `conversions:user:${caller.userId}` : `conversions:address:${subject.clientAddress ?? 'unknown'}`;
  const result = await take(deps.db, key, { limit, windowMs: DAY_MS, now: deps.clock() });
  if (result.allowed) return () => refund(deps.db, key);
  const plural = limit === 1 ? 'podcast' : 'podcasts';
  throw rateLimited(
    caller
      ? `You have reached today's limit of ${limit} ${plural}. Upgrade to Premium for unlimited podcasts.`
      : `You have reached today's limit of ${limit} ${plural}. Sign in to make more.`,
    result.retryAfterSeconds,
  );
}

const HOUR_MS = 60 * 60 * 1000;

export const TOO_MANY_PAGES_MESSAGE = 'Too many pages fetched in the last hour.';
export const TOO_MANY_FAILED_PAGES_MESSAGE = 'Too many pages could not be read in the last hour.';

/** One page fetch under way: say how it ended, so it counts as a page read or as a failure. */
export interface PageFetch {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Bounds the pages fetched for one subject in an hour: pages read (FETCHES_PER_HOUR, Premium
 * PREMIUM_FETCHES_PER_HOUR) and, apart, pages that could not be read (FAILED_FETCHES_PER_HOUR, for
 * anyone; a followed feed's items spend the feed's own instead). A failed page gives its daily conversion back and uses none of the pages read, so without
 * its own count a visitor could keep the fetcher and the extractor busy forever. A fetch takes a slot
 * of each count before it starts, so parallel requests cannot slip past either, and gives back the
 * one its outcome does not use. When either count is full nothing is fetched: 429 with the wait.
 */
export async function takePageFetch(
  deps: { db: Database; config: { limits: Pick<Config['limits'], 'fetchesPerHour' | 'premiumFetchesPerHour' | 'failedFetchesPerHour'> }; clock: () => Date },
  subject: LimitSubject,
): Promise<PageFetch> {
  const { limits } = deps.config;
  const who = subject.caller ? `user:${subject.caller.userId}` : `address:${subject.clientAddress ?? 'unknown'}`;
  const read = { key: `fetches:${who}`, limit: subject.caller?.isPremium ? limits.premiumFetchesPerHour : limits.fetchesPerHour };
  const failed = { key: `failed-fetches:${subject.failuresOf ?? who}`, limit: limits.failedFetchesPerHour };
  const now = deps.clock();
  const slot = ({ key, limit }: { key: string; limit: number }) => take(deps.db, key, { limit, windowMs: HOUR_MS, now });
  // One after the other, failures first: a slot held for a moment by a request that is then
  // refused would otherwise refuse a parallel request that both counts had room for.
  const failedSlot = await slot(failed);
  if (!failedSlot.allowed) throw rateLimited(subject.failuresOf ? FOLLOW_MESSAGES.linksFail : TOO_MANY_FAILED_PAGES_MESSAGE, failedSlot.retryAfterSeconds);
  const readSlot = await slot(read);
  if (!readSlot.allowed) {
    await refund(deps.db, failed.key);
    throw rateLimited(TOO_MANY_PAGES_MESSAGE, readSlot.retryAfterSeconds);
  }
  return {
    succeeded: () => refund(deps.db, failed.key),
    failed: () => refund(deps.db, read.key),
  };
}
