/**
 * Which voice a podcast gets. A voice must be one of the engine's; any but its free voice needs
 * Premium. With no voice asked for, a Premium member's default applies, else the engine's.
 */
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { findUser } from '../repositories/user-repository.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';
import type { Caller } from './identify-caller.ts';

export const VOICE_MESSAGE = 'Upgrade to Premium to choose a voice';

/** The engine's id of `voice`; VALIDATION_ERROR when unknown, PREMIUM_REQUIRED when not allowed. */
export async function checkVoice(speech: Pick<SpeechEngine, 'voices'>, voice: string, isPremium: boolean): Promise<string> {
  const found = (await speech.voices()).find((v) => v.id === voice);
  if (!found) throw new AppError('VALIDATION_ERROR', { message: `Unknown voice: ${voice}` });
  if (found.premium && !isPremium) throw new AppError('PREMIUM_REQUIRED', { message: VOICE_MESSAGE });
  return found.id;
}

/** The voice a new podcast gets; null means the engine's default. */
export async function chooseVoice(
  deps: { db: Database; speech: Pick<SpeechEngine, 'voices'> },
  asked: string | undefined,
  caller: Caller | null,
): Promise<string | null> {
  if (asked) return checkVoice(deps.speech, asked, caller?.isPremium ?? false);
  if (!caller?.isPremium) return null;
  const preferred = (await findUser(deps.db, caller.userId))?.defaultVoice;
  if (!preferred) return null;
  // A default from another engine (the server's voice provider changed) falls back to this engine's.
  return (await deps.speech.voices()).some((v) => v.id === preferred) ? preferred : null;
}
