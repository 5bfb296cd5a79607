import type { Preferences, UpdatePreferences } from '../../shared/api/auth.ts';
import { AUTH_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { setPreferences as storePreferences } from '../repositories/user-repository.ts';
import { preferencesOf } from '../services/auth/user-view.ts';
import { speaksLanguage } from '../machinery/speech/language-voices.ts';
import { STEERING_MESSAGES } from '../../shared/api/steering.ts';

/**
 * Saves any of a member's default mode, minutes, playback speed, focus and language; answers them all
 * as stored. An empty focus clears it; a language the voices do not speak is refused.
 */
export async function setPreferences(deps: { db: Database }, userId: string, change: UpdatePreferences): Promise<Preferences> {
  const { defaultLanguage } = change;
  if (defaultLanguage && !speaksLanguage(defaultLanguage)) throw new AppError('VALIDATION_ERROR', { message: STEERING_MESSAGES.languageNotSpoken(defaultLanguage) });
  const row = await storePreferences(deps.db, userId, { ...change, ...(change.defaultFocus === '' ? { defaultFocus: null } : {}) });
  if (!row) throw new AppError('AUTH_REQUIRED', { message: AUTH_MESSAGES.authenticationRequired });
  return preferencesOf(row);
}
