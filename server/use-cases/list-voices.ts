import type { NaturalVoiceState, VoiceDownload, VoiceOption } from '../../shared/api/premium.ts';
import type { ServerPipeline } from '../pipeline/ports.ts';
import { voiceRate } from '../pipeline/voice-rate.ts';
import type { SpeechEngine } from '../machinery/speech/engine.ts';

/**
 * The configured engine's voices, each with its speaking rate (measured, else assumed: a list
 * speaks none of them), the one a podcast gets when none is chosen, the natural voices
 * downloading now, and each natural voice's state (an engine without them speaks naturally itself).
 */
export async function listVoices(deps: {
  speech: Pick<SpeechEngine, 'name' | 'voices' | 'defaultVoice' | 'downloads' | 'naturalStates'>;
  pipeline: Pick<ServerPipeline, 'wordsPerMinute'>;
}): Promise<{ voices: VoiceOption[]; defaultVoice: string; downloads: VoiceDownload[]; naturalVoice: boolean; natural: NaturalVoiceState[] }> {
  const voices = await deps.speech.voices();
  const rated = await Promise.all(voices.map(async (voice) => ({ ...voice, wordsPerMinute: await voiceRate(deps.pipeline, voice.id, false) })));
  const natural = deps.speech.naturalStates?.() ?? [];
  const naturalVoice = deps.speech.naturalStates ? natural.some((v) => v.state === 'installed') : deps.speech.name !== 'espeak';
  return { voices: rated, defaultVoice: deps.speech.defaultVoice, downloads: deps.speech.downloads?.() ?? [], naturalVoice, natural };
}
