/** A speech engine that tells each voice it is asked for, then speaks with the engine it wraps. */
import type { SpeechEngine } from '../machinery/speech/engine.ts';

export function recordingVoices(engine: SpeechEngine, onVoice: (voice: string) => void): SpeechEngine {
  return {
    name: engine.name,
    sampleRate: engine.sampleRate,
    maxChunkChars: engine.maxChunkChars,
    defaultVoice: engine.defaultVoice,
    voices: () => engine.voices(),
    synthesize(text, options) {
      onVoice(options.voice);
      return engine.synthesize(text, options);
    },
    close: () => engine.close(),
  };
}
