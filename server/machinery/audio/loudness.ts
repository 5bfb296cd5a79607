/**
 * Podcast loudness: a meter after ITU-R BS.1770-4 / EBU R128 (loudness-meter.ts), and the streaming
 * stage that brings a voice to the target: a fixed gain per voice (or one found while it speaks,
 * adaptive-gain.ts), then a look-ahead true-peak limiter (limiter.ts), so an episode is made in one
 * pass as its PCM arrives.
 */
import { createAdaptiveNormalizer } from './adaptive-gain.ts';
import { createLimiter, type LoudnessNormalizer } from './limiter.ts';
import { ESPEAK_VOICE_GAINS_DB } from './voice-gains.ts';

export interface NormalizerOptions {
  sampleRate: number;
  /** The voice's gain to the target loudness, applied before the limiter (see voiceGainDb). */
  gainDb: VoiceGain;
  /** No true peak of the output goes above this (dBTP). */
  ceilingDbtp?: number;
}

/** The normalizer for a voice's gain: the limiter after a fixed gain, or the adaptive gain first. */
export function createLoudnessNormalizer(options: NormalizerOptions): LoudnessNormalizer {
  return options.gainDb === 'adaptive' ? createAdaptiveNormalizer(options) : createLimiter({ ...options, gainDb: options.gainDb });
}

/** A voice's gain: a number (dB) measured once for the voice, or 'adaptive' to measure it while speaking. */
export type VoiceGain = number | 'adaptive';

/**
 * The gain that brings a voice to TARGET_LUFS in the MP3. espeak voices are synthetic and steady,
 * so each was measured once (scripts/bench/loudness.ts); any other voice is measured at run time.
 */
export function voiceGainDb(engine: 'espeak' | 'openai', voice: string): VoiceGain {
  return (engine === 'espeak' ? ESPEAK_VOICE_GAINS_DB[voice] : undefined) ?? 'adaptive';
}
