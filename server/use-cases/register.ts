import { createAccount } from '../services/auth/accounts.ts';
import { rememberSignInAddress } from '../services/auth/login-throttle.ts';
import { countRegistration, createRegistrationCounterPurger } from '../services/auth/registration-throttle.ts';
import { signIn, type SignInDeps } from './sign-in.ts';

/** Registration, limited per network address per hour; a new account is signed in at once. */
export function createRegister(deps: SignInDeps) {
  const purgeCounters = createRegistrationCounterPurger(deps.db);
  return async (input: { email: string; password: string; name?: string | undefined }, address: string, anonymousToken: string | undefined) => {
    const now = deps.clock();
    await purgeCounters(now);
    await countRegistration(deps.db, address, deps.config.limits.registrationsPerHour, now);
    const user = await createAccount(deps.db, deps.auth.passwords, input, now);
    // The address an account was made from is its member's: guesses from elsewhere do not lock it out.
    await rememberSignInAddress(deps.db, user.email, address, now);
    return signIn(deps, user, anonymousToken);
  };
}
