import type { VoiceOption } from '../../shared/api/premium.ts';
import type { SpeechEngine } from '../services/speech/engine.ts';

/** The configured engine's voices and the one a podcast gets when none is chosen. */
export async function listVoices(
  deps: { speech: Pick<SpeechEngine, 'voices' | 'defaultVoice'> },
): Promise<{ voices: VoiceOption[]; defaultVoice: string }> {
  return { voices: await deps.speech.voices(), defaultVoice: deps.speech.defaultVoice };
}
