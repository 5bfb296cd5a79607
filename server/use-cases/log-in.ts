import { AUTH_MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { checkCredentials } from '../services/auth/accounts.ts';
import { countLoginAttempt, createLoginCounterPurger } from '../services/auth/login-throttle.ts';
import { createSemaphore, runOrBusy } from '../services/auth/semaphore.ts';
import { signIn, type SignInDeps } from './sign-in.ts';

/**
 * Password checks at once: a little more than the password hasher's slots, so its queries overlap the
 * hashing. A throttled attempt waits its delay before it takes a place here, so waiting attempts
 * never hold up anyone else's sign-in.
 */
const SIGN_INS_AT_ONCE = 4;
/** Sign-ins that may wait; past that the answer is 429 with Retry-After. */
const SIGN_INS_WAITING = 1024;
/** About what one sign-in costs (a password hash and a few queries), for that Retry-After. */
const SIGN_IN_MS = 80;

/** Sign-in by e-mail and password; failed attempts are throttled per account and address (login-throttle.ts). */
export function createLogIn(deps: SignInDeps) {
  const purgeCounters = createLoginCounterPurger(deps.db);
  const queue = createSemaphore(SIGN_INS_AT_ONCE, SIGN_INS_WAITING);
  return async (credentials: { email: string; password: string }, address: string, anonymousToken: string | undefined) => {
    const now = deps.clock();
    await purgeCounters(now);
    const attempt = await countLoginAttempt(deps.db, credentials.email, address, now);
    let user;
    try {
      user = await runOrBusy(queue, () => checkCredentials(deps.db, deps.auth.passwords, credentials.email, credentials.password), SIGN_IN_MS);
    } catch (error) {
      // Not checked (busy, a fault): nothing is known of the password, so the attempt is given back.
      await attempt.abandoned().catch(() => {});
      throw error;
    }
    if (!user) {
      await attempt.failed();
      throw new AppError('LOGIN_FAILED', { message: AUTH_MESSAGES.invalidCredentials });
    }
    await attempt.succeeded();
    return signIn(deps, user, anonymousToken);
  };
}
