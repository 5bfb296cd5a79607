import { AUTH_MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { checkCredentials } from '../services/auth/accounts.ts';
import { countLoginAttempt, createLoginCounterPurger } from '../services/auth/login-throttle.ts';
import { createSemaphore, runOrBusy } from '../services/auth/semaphore.ts';
import { signIn, type SignInDeps } from './sign-in.ts';

/**
 * Sign-ins checked at once. An attempt is counted when its password is about to be checked, not
 * when it arrives: so what holds a per-address slot is the failures plus these few checks under way,
 * and a burst of members signing in from one office waits its turn instead of filling the address's
 * allowance. A little more than the password hasher's slots, so its queries overlap the hashing.
 */
const SIGN_INS_AT_ONCE = 4;
/** Sign-ins that may wait; past that the answer is 429 with Retry-After. */
const SIGN_INS_WAITING = 1024;
/** About what one sign-in costs (a password hash and a few queries), for that Retry-After. */
const SIGN_IN_MS = 80;

/** Sign-in by e-mail and password; failed attempts are limited per account and per address. */
export function createLogIn(deps: SignInDeps) {
  const purgeCounters = createLoginCounterPurger(deps.db);
  const queue = createSemaphore(SIGN_INS_AT_ONCE, SIGN_INS_WAITING);
  return async (credentials: { email: string; password: string }, address: string, anonymousToken: string | undefined) => {
    const user = await runOrBusy(
      queue,
      async () => {
        const now = deps.clock();
        await purgeCounters(now);
        const attempt = await countLoginAttempt(deps.db, credentials.email, address, now);
        const user = await checkCredentials(deps.db, deps.auth.passwords, credentials.email, credentials.password);
        if (!user) {
          await attempt.failed();
          throw new AppError('LOGIN_FAILED', { message: AUTH_MESSAGES.invalidCredentials });
        }
        await attempt.succeeded();
        return user;
      },
      SIGN_IN_MS,
    );
    return signIn(deps, user, anonymousToken);
  };
}
