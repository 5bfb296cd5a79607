/**
 * Failed sign-ins are throttled per account and per client address. Every attempt is counted
 * before the password is checked (so parallel guesses cannot slip past the limit); a successful
 * one is taken back, so members who type their password right are never locked out by their own
 * sign-ins.
 */
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hit, refund, reset, type RateLimitWindow } from '../../lib/rate-limit.ts';
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
}

/** Counts one attempt; throws RATE_LIMITED (429, Retry-After) when the account or the address is over its limit. */
export async function countLoginAttempt(db: Database, email: string, address: string, now: Date): Promise<LoginAttempt> {
  const window = (limit: number): RateLimitWindow => ({ limit, windowMs: LOGIN_LIMITS.windowMs, now });
  const [account, byAddress] = await Promise.all([
    hit(db, accountKey(email), window(LOGIN_LIMITS.perAccount)),
    hit(db, addressKey(address), window(LOGIN_LIMITS.perAddress)),
  ]);
  if (!account.allowed || !byAddress.allowed) {
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
  };
}
