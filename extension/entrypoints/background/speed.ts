/**
 * The player's speed: a member's is their preference on the server (the web app and the extension
 * share it), kept in the session's user as last read; a reader who is not signed in keeps one here.
 */
import { PLAYBACK_RATES } from '../../../shared/constants.ts';
import { isPlaybackRate } from '../../../shared/podcast/playback-rate.ts';
import { fail, ok, type Result } from '../../result.ts';
import { playbackRateItem, sessionItem } from '../../storage.ts';
import { callServer } from './server.ts';

export const INVALID_RATE_MESSAGE = `The speed must be one of: ${PLAYBACK_RATES.join(', ')}.`;


/** The speed a new episode starts at. */
export async function preferredRate(): Promise<number> {
  const session = await sessionItem.getValue();
  const rate = session?.user.playbackRate ?? (await playbackRateItem.getValue());
  return isPlaybackRate(rate) ? rate : 1;
}

/** Keeps `rate` as the reader's speed: here, and for a member through the preferences route. */
export async function saveRate(rate: number): Promise<Result<number>> {
  if (!isPlaybackRate(rate)) return fail('VALIDATION_ERROR', INVALID_RATE_MESSAGE);
  await playbackRateItem.setValue(rate);
  const session = await sessionItem.getValue();
  if (!session) return ok(rate);
  const saved = await callServer((client) => client.auth.setPreferences({ playbackRate: rate }));
  if (!saved.ok) return saved;
  const current = await sessionItem.getValue();
  if (current?.token === session.token) {
    await sessionItem.setValue({ ...current, user: { ...current.user, playbackRate: saved.value.playbackRate } });
  }
  return ok(saved.value.playbackRate ?? rate);
}
