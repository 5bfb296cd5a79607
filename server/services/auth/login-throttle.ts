/**
 * Failed sign-ins are throttled so that guessing is slow and a member is not locked out by someone
 * else's guesses:
 * - Per (account, address) pair: a few failures in a short window. Guesses from elsewhere never
 *   count against the member's own pair.
 * - Per account, over every address: a higher limit in a longer window, so guesses spread over many
 *   addresses stay slow too. It does not apply to an address that has signed in to the account
 *   before (a known address, remembered for 30 days): the member keeps signing in from home while
 *   the account is under attack from elsewhere.
 * - Per address, over every account: guessing at many accounts from one address. It does not apply
 *   to a known address either, so one member's typos do not lock out a colleague at the same office.
 *
 * Each slot is taken atomically before the password is checked (one upsert that counts only while
 * under the limit), so parallel guesses cannot all be checked against a count none of them raised
 * yet, and a refused attempt counts nothing: asking again while refused never moves the end of the
 * window. A right password gives its slots back and clears its pair; only failures stay counted.
 * The caller checks a few sign-ins at a time (see log-in.ts), so the slots held by checks under way
 * are few.
 */
import type { Database } from '../../db/client.ts';
import { rateLimited, type AppError } from '../../errors.ts';
import {
  purgeStale,
  refund,
  reset,
  stamp,
  stampedSince,
  take,
  type RateLimitResult,
} from '../../repositories/rate-limit-repository.ts';
import { normaliseEmail } from './accounts.ts';

const MINUTE_MS = 60 * 1000;

export const LOGIN_LIMITS = {
  /** Failures at one account from one address, per 15 minutes. */
  perPair: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Failures at one account from addresses not known to it, per hour. */
  perAccount: { limit: 50, windowMs: 60 * MINUTE_MS },
  /** Failures from one address over every account it is not known to, per 15 minutes. */
  perAddress: { limit: 20, windowMs: 15 * MINUTE_MS },
  /** How long an address that signed in to an account stays known to it. */
  knownForMs: 30 * 24 * 60 * MINUTE_MS,
} as const;

/** Followed by the wait: 'Try again in 12 minutes.' */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts.';

const COUNTER_PREFIX = 'login:';
const KNOWN_PREFIX = 'login-known:';
// E-mail addresses (as validated) and network addresses hold no space.
const pairKey = (email: string, address: string) => `${COUNTER_PREFIX}pair:${address} ${normaliseEmail(email)}`;
const accountKey = (email: string) => `${COUNTER_PREFIX}account:${normaliseEmail(email)}`;
const addressKey = (address: string) => `${COUNTER_PREFIX}address:${address}`;
const knownKey = (email: string, address: string) => `${KNOWN_PREFIX}${address} ${normaliseEmail(email)}`;

export interface LoginAttempt {
  /** Call when the credentials were right. */
  succeeded(): Promise<void>;
  /** Call when they were wrong: the attempt stays counted. */
  failed(): Promise<void>;
}

/** Counts one attempt; throws RATE_LIMITED (429, Retry-After) when any limit that applies is reached. */
export async function countLoginAttempt(db: Database, email: string, address: string, now: Date): Promise<LoginAttempt> {
  const known = await stampedSince(db, knownKey(email, address), new Date(now.getTime() - LOGIN_LIMITS.knownForMs));
  const limits: Array<{ key: string; limit: number; windowMs: number }> = [{ key: pairKey(email, address), ...LOGIN_LIMITS.perPair }];
  if (!known) {
    limits.push({ key: accountKey(email), ...LOGIN_LIMITS.perAccount }, { key: addressKey(address), ...LOGIN_LIMITS.perAddress });
  }
  const taken = await Promise.all(limits.map(async ({ key, limit, windowMs }) => ({ key, result: await take(db, key, { limit, windowMs, now }) })));
  const refused = taken.filter((t) => !t.result.allowed).map((t) => t.result);
  const giveBack = () => Promise.all(taken.filter((t) => t.result.allowed).map((t) => refund(db, t.key)));
  if (refused.length > 0) {
    await giveBack();
    throw tooManyAttempts(refused);
  }
  return {
    async succeeded() {
      await Promise.all([giveBack(), reset(db, pairKey(email, address)), rememberSignInAddress(db, email, address, now)]);
    },
    async failed() {},
  };
}

/** Remembers that the account signed in (or was made) from this address: it is known to it now. */
export async function rememberSignInAddress(db: Database, email: string, address: string, now: Date): Promise<void> {
  await stamp(db, knownKey(email, address), now);
}

function tooManyAttempts(refused: RateLimitResult[]): AppError {
  const retryAfter = Math.max(...refused.map((r) => r.retryAfterSeconds));
  return rateLimited(TOO_MANY_ATTEMPTS_MESSAGE, retryAfter);
}

/** Login counters older than this are of no use (the longest window is an hour). */
const STALE_AFTER_MS = 24 * 60 * MINUTE_MS;

/**
 * Drops stale login counters and forgotten known addresses at most once per `everyMs`, so the table
 * holds only recent keys. One per app: the caller keeps the returned function.
 */
export function createLoginCounterPurger(db: Database, everyMs = 60 * MINUTE_MS) {
  let last = 0;
  return async (now: Date): Promise<void> => {
    if (now.getTime() - last < everyMs) return;
    last = now.getTime();
    await purgeStale(db, new Date(now.getTime() - STALE_AFTER_MS), COUNTER_PREFIX);
    await purgeStale(db, new Date(now.getTime() - LOGIN_LIMITS.knownForMs), KNOWN_PREFIX);
  };
}
