import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { setDefaultVoice as saveDefaultVoice } from '../repositories/user-repository.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';

/** A Premium member's voice for new podcasts; it must be one of the engine's. */
export async function setDefaultVoice(deps: { db: Database; speech: Pick<SpeechEngine, 'voices'> }, userId: string, voice: string): Promise<string> {
  if (!(await deps.speech.voices()).some((v) => v.id === voice)) {
    throw new AppError('VALIDATION_ERROR', { message: `Unknown voice: ${voice}` });
  }
  await saveDefaultVoice(deps.db, userId, voice);
  return voice;
}
