/**
 * Daily conversion limits, taken before any fetch, model or voice call: anonymous visitors per
 * address, free members per account; Premium has none. A counter of conversions started (not a
 * count of podcasts kept), taken atomically: deleting podcasts frees nothing, and parallel requests
 * cannot all squeeze through the last free slot. A refused request counts nothing, so a conversion
 * given back (its page could not be read) is free again even after requests were refused meanwhile.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { refund, take } from '../../repositories/rate-limit-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LimitSubject {
  caller: { userId: string; isPremium: boolean } | null;
  clientAddress: string | null;
}

/**
 * Counts one conversion against the subject's daily allowance, or throws RATE_LIMITED (429). Answers
 * a function that gives the conversion back when it could not even start (the page was unreadable).
 */
export async function takeDailyConversion(
  deps: { db: Database; config: Pick<Config, 'limits'>; clock: () => Date },
  subject: LimitSubject,
): Promise<() => Promise<void>> {
  const { caller } = subject;
  if (caller?.isPremium) return async () => {};
  const limit = caller ? deps.config.limits.freeDailyPodcasts : deps.config.limits.anonymousDailyPodcasts;
  const key = caller ? `conversions:user:${caller.userId}` : `conversions:address:${subject.clientAddress ?? 'unknown'}`;
  const result = await take(deps.db, key, { limit, windowMs: DAY_MS, now: deps.clock() });
  if (result.allowed) return () => refund(deps.db, key);
  const plural = limit === 1 ? 'podcast' : 'podcasts';
  throw new AppError('RATE_LIMITED', {
    message: caller
      ? `You have reached today's limit of ${limit} ${plural}. Upgrade to Premium for unlimited podcasts.`
      : `You have reached today's limit of ${limit} ${plural}. Sign in to make more.`,
    headers: { 'Retry-After': String(result.retryAfterSeconds) },
  });
}

/** Pages the server fetches for one member or address in an hour, failures included. */
export const PAGE_FETCHES_PER_HOUR = 30;

/**
 * Bounds the pages fetched for one subject, whatever comes of them: a failed page gives its daily
 * conversion back, so without this a visitor could keep the fetcher and the extractor busy forever.
 */
export async function takePageFetch(deps: { db: Database; clock: () => Date }, subject: LimitSubject): Promise<void> {
  const key = subject.caller ? `fetches:user:${subject.caller.userId}` : `fetches:address:${subject.clientAddress ?? 'unknown'}`;
  const result = await take(deps.db, key, { limit: PAGE_FETCHES_PER_HOUR, windowMs: 60 * 60 * 1000, now: deps.clock() });
  if (result.allowed) return;
  throw new AppError('RATE_LIMITED', {
    message: 'Too many pages fetched in the last hour. Please try again later.',
    headers: { 'Retry-After': String(result.retryAfterSeconds) },
  });
}
