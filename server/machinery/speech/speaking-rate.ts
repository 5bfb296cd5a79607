/**
 * Each voice's speaking rate in words per minute, which turns the minutes a member asks for into a
 * script's word budget. A rate is measured by speaking a calibration passage the way an episode is
 * spoken (sentence by sentence, each sentence's trailing silence replaced by the episode's pause).
 * The embedded voices' rates were measured once and are kept here; any other voice is measured the
 * first time it is needed, once per process.
 */
import type { EncoderPool } from '../audio/episode-encoder.ts';
import type { Logger } from '../../lib/logger.ts';
import { CALIBRATION_TEXT } from '../script/calibration-text.ts';
import { parseScript } from '../script/script-format.ts';
import type { SpeechEngine } from './engine.ts';
import { speakEpisode } from './episode.ts';

/** Measured with `npm run bench` (speaking rate section) on espeak-ng; words per minute. */
export const MEASURED_WORDS_PER_MINUTE: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  espeak: {
    'en-us': 168,
    'en-us-female': 168,
    'en-gb': 169,
    'en-gb-female': 167,
    'en-gb-x-rp': 170,
    'en-gb-scotland': 174,
    'en-029': 169,
    'en-us-nyc': 171,
  },
};

function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Speaks the calibration passage in `voice` as an episode is spoken (its pauses included); its words per minute. */
export async function measureWordsPerMinute(engine: SpeechEngine, encoders: EncoderPool, voice: string, text = CALIBRATION_TEXT): Promise<number> {
  const { durationMs } = await speakEpisode({ engine, voice, sentences: parseScript(text), encoders, gainDb: 0, onSegment: async () => {} });
  return Math.round((countWords(text) / durationMs) * 60_000);
}

export interface SpeakingRates {
  /**
   * The voice's rate, or undefined while it is unmeasured: asking starts its measurement unless
   * `measure` is false (a list of every voice asks without speaking each).
   */
  wordsPerMinute(voice: string, options?: { measure?: boolean }): Promise<number | undefined>;
}

/**
 * The engine's rates: the stored figure when there is one, else measured once and kept. The first
 * episode in a voice does not wait for its measurement (a paid or slow voice takes seconds to speak
 * the passage): it is measured beside that episode, which plans with an assumed rate.
 */
export function createSpeakingRates(engine: SpeechEngine, encoders: EncoderPool, logger?: Logger): SpeakingRates {
  const measured = new Map<string, number>();
  const measuring = new Set<string>();
  return {
    async wordsPerMinute(voice, { measure = true } = {}) {
      const known = MEASURED_WORDS_PER_MINUTE[engine.name]?.[voice] ?? measured.get(voice);
      if (known) return known;
      if (measure && !measuring.has(voice)) {
        measuring.add(voice);
        measureWordsPerMinute(engine, encoders, voice)
          .then((rate) => void measured.set(voice, rate))
          // A failed measurement is tried again next time.
          .catch((error: unknown) => logger?.warn('measuring the speaking rate failed', { voice, err: error }))
          .finally(() => measuring.delete(voice));
      }
      return undefined;
    },
  };
}
