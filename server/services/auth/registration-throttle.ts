/**
 * Registrations are limited per client address. A registration answers 409 when the e-mail already
 * has an account, at once and without a password check, so without a limit one address could learn
 * which of thousands of e-mails are members. Every attempt that gets past validation counts, whether
 * it made an account or not: an address that signs up 10 people in an hour is rare, one that probes
 * e-mails needs far more. An attempt refused by the limit counts nothing, so asking again while
 * refused never moves the end of the hour.
 */
import type { Database } from '../../db/client.ts';
import { rateLimited } from '../../errors.ts';
import { purgeStale, take } from '../../repositories/rate-limit-repository.ts';

const WINDOW_MS = 60 * 60 * 1000;

/** Followed by the wait: 'Try again in 12 minutes.' */
export const TOO_MANY_REGISTRATIONS_MESSAGE = 'Too many sign-up attempts from your network.';

const KEY_PREFIX = 'register:';
const addressKey = (address: string) => `${KEY_PREFIX}address:${address}`;

/**
 * Counts one registration attempt; throws RATE_LIMITED (429, Retry-After) when the address has made
 * more than `perHour` (REGISTRATIONS_PER_HOUR) in the hour.
 */
export async function countRegistration(db: Database, address: string, perHour: number, now: Date): Promise<void> {
  const byAddress = await take(db, addressKey(address), { limit: perHour, windowMs: WINDOW_MS, now });
  if (!byAddress.allowed) throw rateLimited(TOO_MANY_REGISTRATIONS_MESSAGE, byAddress.retryAfterSeconds);
}

/** Registration counters older than this are of no use (the window is an hour). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Drops stale registration counters at most once per `everyMs`, so the table holds only recent keys.
 * One per app: the caller keeps the returned function.
 */
export function createRegistrationCounterPurger(db: Database, everyMs = 60 * 60 * 1000) {
  let last = 0;
  return async (now: Date): Promise<void> => {
    if (now.getTime() - last < everyMs) return;
    last = now.getTime();
    await purgeStale(db, new Date(now.getTime() - STALE_AFTER_MS), KEY_PREFIX);
  };
}
