import { DOWNLOAD_MESSAGES } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { episode, type AudioObject } from '../machinery/audio/store.ts';
import { getPodcast } from './get-podcast.ts';
import type { Caller } from './identify-caller.ts';

/** A Premium member's MP3 as a file to keep: the stored episode and the name to save it under. */
export async function downloadPodcast(
  deps: { db: Database },
  caller: Caller,
  id: string,
): Promise<{ audio: AudioObject; name: string }> {
  const row = await getPodcast(deps, id, { userId: caller.userId });
  if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: DOWNLOAD_MESSAGES.premiumRequired });
  if (row.status !== 'ready' || !row.audioKey) throw new AppError('AUDIO_NOT_READY', { message: DOWNLOAD_MESSAGES.audioRequired });
  return { audio: episode(row.audioKey), name: `${row.title.trim() || 'podcast'}.mp3` };
}
