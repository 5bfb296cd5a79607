import type { VoiceDownload, VoiceOption } from '../../shared/api/premium.ts';
import { voiceRate, type ServerPipeline } from '../pipeline/stages.ts';
import type { SpeechEngine } from '../services/speech/engine.ts';

/**
 * The configured engine's voices, each with its speaking rate (measured, else assumed: a list
 * speaks none of them), the one a podcast gets when none is chosen, and the natural voices
 * downloading now.
 */
export async function listVoices(deps: {
  speech: Pick<SpeechEngine, 'voices' | 'defaultVoice' | 'downloads'>;
  pipeline: Pick<ServerPipeline, 'wordsPerMinute'>;
}): Promise<{ voices: VoiceOption[]; defaultVoice: string; downloads: VoiceDownload[] }> {
  const voices = await deps.speech.voices();
  const rated = await Promise.all(voices.map(async (voice) => ({ ...voice, wordsPerMinute: await voiceRate(deps.pipeline, voice.id, false) })));
  return { voices: rated, defaultVoice: deps.speech.defaultVoice, downloads: deps.speech.downloads?.() ?? [] };
}
