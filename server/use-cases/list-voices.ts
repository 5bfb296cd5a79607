import type { VoiceOption } from '../../shared/api/premium.ts';
import { voiceRate, type ServerPipeline } from '../pipeline/stages.ts';
import type { SpeechEngine } from '../services/speech/engine.ts';

/** The configured engine's voices, each with its measured speaking rate, and the one a podcast gets when none is chosen. */
export async function listVoices(deps: {
  speech: Pick<SpeechEngine, 'voices' | 'defaultVoice'>;
  pipeline: Pick<ServerPipeline, 'wordsPerMinute'>;
}): Promise<{ voices: VoiceOption[]; defaultVoice: string }> {
  const voices = await deps.speech.voices();
  const rated = [];
  // One at a time: a voice measured now speaks on the engine's one worker.
  for (const voice of voices) {
    rated.push({ ...voice, wordsPerMinute: await voiceRate(deps.pipeline, voice.id) });
  }
  return { voices: rated, defaultVoice: deps.speech.defaultVoice };
}
