import { AppError } from '../errors.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import { SCRIPTED_PROGRESS } from '../pipeline/progress.ts';
import type { PodcastRow } from '../repositories/podcast-repository.ts';
import { checkVoice, VOICE_MESSAGE } from './choose-voice.ts';
import { getPodcast } from './get-podcast.ts';
import type { Caller } from './identify-caller.ts';
import { requeuePodcast, type RequeueDeps } from './requeue-podcast.ts';

/**
 * A Premium member gives a finished podcast another voice, or voices a drafted one: the stored script
 * (edited or not) stays, the speech is made again.
 */
export async function revoicePodcast(
  deps: RequeueDeps & { speech: Pick<SpeechEngine, 'voices'> },
  caller: Caller,
  id: string,
  voice: string,
): Promise<PodcastRow> {
  if (!caller.isPremium) throw new AppError('PREMIUM_REQUIRED', { message: VOICE_MESSAGE });
  const row = await getPodcast(deps, id, { userId: caller.userId });
  const chosen = await checkVoice(deps.speech, voice, true);
  // A drafted podcast starts its speech here, on its (maybe edited) script.
  const updated = await requeuePodcast(deps, row.id, ['ready', 'failed', 'drafted'], {
    voice: chosen,
    progress: row.content ? SCRIPTED_PROGRESS : 0,
    draft: false,
  });
  if (!updated) {
    throw new AppError('VALIDATION_ERROR', { message: 'Wait until this podcast is ready to change its voice', status: 409 });
  }
  return updated;
}
