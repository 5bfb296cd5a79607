/**
 * Failed sign-ins are throttled so that guessing is slow and a member is not locked out by someone
 * else's guesses:
 * - Per (account, address) pair: a few failures in a short window; past them each further attempt
 *   at that pair waits its turn, one at a time, a short delay growing with the failures (at most
 *   THROTTLED_DELAY_MS.max), then is checked. A right password gets in after that delay, even where
 *   someone at the same address (an office, a proxy) guessed wrong.
 * - Per address, over every account: guessing at many accounts from one address. Past it attempts
 *   from that address are delayed the same way, never refused, so an office's typos do not lock a
 *   colleague out.
 * - Per account, over every address not known to it: a higher limit in a longer window, refused (429)
 *   past it, so guesses spread over many addresses stay slow. A known address (one that signed in to
 *   the account in the last 30 days) is exempt: the member keeps signing in from home while the
 *   account is under attack from elsewhere.
 *
 * Each slot is taken atomically before the password is checked (one upsert that counts only while
 * under the limit), so parallel guesses cannot all be checked against a count none of them raised
 * yet. A right password gives its slots back and clears its pair; only failures stay counted.
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
  bump,
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

/** The delay before a throttled attempt is checked: `base` doubling with each failure past the limit, at most `max`. */
export const THROTTLED_DELAY_MS = { base: 500, max: 8_000 } as const;
/** Throttled attempts that may wait at one pair or address; past that the answer is 429. */
const THROTTLED_WAITING = 8;

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
  /** Call when they could not be checked: the attempt is given back. */
  abandoned(): Promise<void>;
}

/** Throttled attempts in this process, one at a time per key: the tail of each key's line, and how many wait in it. */
const lines = new Map<string, { tail: Promise<void>; waiting: number }>();

/** Waits `delayMs` behind the attempts already waiting at `key`; refuses when too many wait. */
async function waitTurn(key: string, delayMs: number): Promise<() => void> {
  const line = lines.get(key) ?? { tail: Promise.resolve(), waiting: 0 };
  if (line.waiting >= THROTTLED_WAITING) throw rateLimited(TOO_MANY_ATTEMPTS_MESSAGE, (THROTTLED_WAITING * delayMs) / 1000);
  line.waiting++;
  lines.set(key, line);
  const before = line.tail;
  let done!: () => void;
  line.tail = new Promise<void>((resolve) => (done = resolve));
  await before;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return () => {
    line.waiting--;
    if (line.waiting === 0) lines.delete(key);
    done();
  };
}

/**
 * Counts one attempt, waiting its turn first when the pair or the address is past its limit; throws
 * RATE_LIMITED (429, Retry-After) past the account's limit from an unknown address, or when too many
 * throttled attempts already wait.
 */
export async function countLoginAttempt(db: Database, email: string, address: string, now: Date): Promise<LoginAttempt> {
  const known = await stampedSince(db, knownKey(email, address), new Date(now.getTime() - LOGIN_LIMITS.knownForMs));
  const delaying: { key: string; limit: number; windowMs: number }[] = [{ key: pairKey(email, address), ...LOGIN_LIMITS.perPair }];
  if (!known) delaying.push({ key: addressKey(address), ...LOGIN_LIMITS.perAddress });
  const refusing = known ? [] : [{ key: accountKey(email), ...LOGIN_LIMITS.perAccount }];
  const taken = await Promise.all(
    [...delaying, ...refusing].map(async ({ key, limit, windowMs }) => ({ key, result: await take(db, key, { limit, windowMs, now }) })),
  );
  const giveBack = () => Promise.all(taken.filter((t) => t.result.allowed).map((t) => refund(db, t.key)));
  const refused = taken.filter((t) => !t.result.allowed && refusing.some((r) => r.key === t.key)).map((t) => t.result);
  if (refused.length > 0) {
    await giveBack();
    throw tooManyAttempts(refused);
  }
  // Past a delaying limit: checked after a short wait, in line, and counted as a failure if wrong.
  const over = taken.filter((t) => !t.result.allowed);
  const limitOf = (key: string) => delaying.find((d) => d.key === key)?.limit ?? 0;
  let endTurn = () => {};
  if (over.length > 0) {
    const beyond = Math.max(...over.map((t) => t.result.count - limitOf(t.key)));
    const delayMs = Math.min(THROTTLED_DELAY_MS.max, THROTTLED_DELAY_MS.base * 2 ** Math.max(0, beyond));
    try {
      endTurn = await waitTurn(pairKey(email, address), delayMs);
    } catch (error) {
      await giveBack();
      throw error;
    }
  }
  return {
    async succeeded() {
      endTurn();
      await Promise.all([giveBack(), reset(db, pairKey(email, address)), rememberSignInAddress(db, email, address, now)]);
    },
    async abandoned() {
      endTurn();
      await giveBack();
    },
    async failed() {
      endTurn();
      // A wrong password past the limit still counts, so the delay keeps growing.
      await Promise.all(over.map((t) => bump(db, t.key)));
    },
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
