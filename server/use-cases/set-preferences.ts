import type { Preferences, UpdatePreferences } from '../../shared/api/auth.ts';
import { AUTH_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { setPreferences as storePreferences } from '../repositories/user-repository.ts';
import { preferencesOf } from '../services/auth/user-view.ts';

/** Saves any of a member's default mode, default minutes and playback speed; answers all three as stored. */
export async function setPreferences(deps: { db: Database }, userId: string, change: UpdatePreferences): Promise<Preferences> {
  const row = await storePreferences(deps.db, userId, change);
  if (!row) throw new AppError('AUTH_REQUIRED', { message: AUTH_MESSAGES.authenticationRequired });
  return preferencesOf(row);
}
