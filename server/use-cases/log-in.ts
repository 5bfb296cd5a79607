import { AUTH_MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../errors.ts';
import { checkCredentials } from '../services/auth/accounts.ts';
import { countLoginAttempt, createLoginCounterPurger } from '../services/auth/login-throttle.ts';
import { signIn, type SignInDeps } from './sign-in.ts';

/** Sign-in by e-mail and password; failed attempts are limited per account and per address. */
export function createLogIn(deps: SignInDeps) {
  const purgeCounters = createLoginCounterPurger(deps.db);
  return async (credentials: { email: string; password: string }, address: string, anonymousToken: string | undefined) => {
    const now = deps.clock();
    await purgeCounters(now);
    const attempt = await countLoginAttempt(deps.db, credentials.email, address, now);
    const user = await checkCredentials(deps.db, deps.auth.passwords, credentials.email, credentials.password);
    if (!user) {
      await attempt.failed();
      throw new AppError('LOGIN_FAILED', { message: AUTH_MESSAGES.invalidCredentials });
    }
    await attempt.succeeded();
    return signIn(deps, user, anonymousToken);
  };
}
