import type { User } from '../../shared/api/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../repositories/user-repository.ts';
import type { AuthDeps } from '../services/auth/auth-deps.ts';
import { claimAnonymousPodcasts } from '../services/auth/anonymous-podcasts.ts';
import { issueSession } from '../services/auth/sessions.ts';
import { toUserView } from '../services/auth/user-view.ts';

export interface SignInDeps {
  db: Database;
  config: Pick<Config, 'stripe' | 'limits'>;
  auth: AuthDeps;
  clock: () => Date;
}

/** Opens a session for the account and moves this browser's anonymous podcasts into it. */
export async function signIn(
  deps: SignInDeps,
  user: UserRow,
  anonymousToken: string | undefined,
): Promise<{ user: User; token: string; movedPodcasts: number }> {
  const session = await issueSession(deps.db, deps.auth.jwtSecret, user.id, deps.clock());
  const movedPodcasts = await claimAnonymousPodcasts(deps.db, user.id, anonymousToken);
  return { user: toUserView(user, deps.config), token: session.token, movedPodcasts };
}
