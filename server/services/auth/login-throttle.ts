/**
 * Failed sign-ins are throttled per account and per client address.
 * - Per account, every attempt is counted before the password is checked, so parallel guesses at
 *   one account cannot slip past the limit; a right password clears the count, so members are never
 *   locked out by their own sign-ins.
 * - Per address, only failures count (many members may share an office's address and sign in at
 *   once). A slot is taken atomically before the password is checked, so parallel guesses from one
 *   address cannot all be checked against a count that none of them has raised yet; a right
 *   password gives its slot back. The caller checks a few sign-ins at a time (see log-in.ts), so
 *   the slots held by checks under way are few.
 */
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hit, purgeStale, refund, reset, take, type RateLimitWindow } from '../../repositories/rate-limit-repository.ts';
import { normaliseEmail } from './accounts.ts';

export const LOGIN_LIMITS = {
  /** Guesses at one account in a window. */
  perAccount: 5,
  /** Failed attempts from one address in a window, over all accounts. */
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
} as const;

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';

const accountKey = (email: string) => `login:account:${normaliseEmail(email)}`;
const addressKey = (address: string) => `login:address:${address}`;

export interface LoginAttempt {
  /** Call when the credentials were right. */
  succeeded(): Promise<void>;
  /** Call when they were wrong: the attempt stays counted. */
  failed(): Promise<void>;
}

/** Counts one attempt; throws RATE_LIMITED (429, Retry-After) when the account or the address is over its limit. */
export async function countLoginAttempt(db: Database, email: string, address: string, now: Date): Promise<LoginAttempt> {
  const window = (limit: number): RateLimitWindow => ({ limit, windowMs: LOGIN_LIMITS.windowMs, now });
  const [account, byAddress] = await Promise.all([
    hit(db, accountKey(email), window(LOGIN_LIMITS.perAccount)),
    take(db, addressKey(address), window(LOGIN_LIMITS.perAddress)),
  ]);
  if (!account.allowed || !byAddress.allowed) {
    if (byAddress.allowed) await refund(db, addressKey(address));
    const retryAfter = Math.max(
      account.allowed ? 0 : account.retryAfterSeconds,
      byAddress.allowed ? 0 : byAddress.retryAfterSeconds,
    );
    throw new AppError('RATE_LIMITED', {
      message: TOO_MANY_ATTEMPTS_MESSAGE,
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  return {
    async succeeded() {
      await Promise.all([reset(db, accountKey(email)), refund(db, addressKey(address))]);
    },
    async failed() {},
  };
}

/** Login counters older than this are of no use (the window is 15 minutes). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Drops stale login counters at most once per `everyMs`, so the table holds only recent keys. One
 * per app: the caller keeps the returned function.
 */
export function createLoginCounterPurger(db: Database, everyMs = 60 * 60 * 1000) {
  let last = 0;
  return async (now: Date): Promise<void> => {
    if (now.getTime() - last < everyMs) return;
    last = now.getTime();
    await purgeStale(db, new Date(now.getTime() - STALE_AFTER_MS), 'login:');
  };
}
