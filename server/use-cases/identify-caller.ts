/**
 * Who is calling: the signed-in member a session token stands for, or null. A token that is forged,
 * expired or revoked counts as no token.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { findSession } from '../services/auth/sessions.ts';
import { isPremium } from '../services/auth/user-view.ts';

export interface Caller {
  userId: string;
  email: string;
  name: string | null;
  isPremium: boolean;
  sessionId: string;
}

export interface IdentifyCallerDeps {
  db: Database;
  config: Pick<Config, 'stripe'>;
  auth: { jwtSecret: Uint8Array };
  clock: () => Date;
}

export async function identifyCaller(deps: IdentifyCallerDeps, token: string | undefined): Promise<Caller | null> {
  const session = token ? await findSession(deps.db, deps.auth.jwtSecret, token, deps.clock()) : null;
  if (!session) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    isPremium: isPremium(session.user, deps.config),
    sessionId: session.sessionId,
  };
}
