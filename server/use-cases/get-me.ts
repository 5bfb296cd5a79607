import type { User } from '../../shared/api/auth.ts';
import { AUTH_MESSAGES } from '../../shared/errors.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findUser } from '../repositories/user-repository.ts';
import { toUserView } from '../services/auth/user-view.ts';

/** The signed-in member's account as the API shows it. */
export async function getMe(deps: { db: Database; config: Pick<Config, 'stripe'> }, userId: string): Promise<User> {
  const row = await findUser(deps.db, userId);
  if (!row) throw new AppError('AUTH_REQUIRED', { message: AUTH_MESSAGES.authenticationRequired });
  return toUserView(row, deps.config);
}
