import { createAccount } from '../services/auth/accounts.ts';
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
    return signIn(deps, user, anonymousToken);
  };
}
