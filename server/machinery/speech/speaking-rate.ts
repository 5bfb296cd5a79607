/**
 * Each voice's speaking rate in words per minute, which turns the minutes a member asks for into a
 * script's word budget. A rate is measured by speaking a calibration passage the way an episode is
 * spoken (sentence by sentence, each sentence's trailing silence replaced by the episode's pause).
 * The embedded voices' rates were measured once and are kept here; any other voice is measured the
 * first time it is needed, once per process.
 */
import type { EncoderPool } from '../audio/episode-encoder.ts';
import type { Logger } from '../../lib/logger.ts';
import { parseScript } from '../script/script-format.ts';
import type { SpeechEngine } from './engine.ts';
import { speakEpisode } from './episode.ts';

/**
 * An article as pages are: headings, paragraphs of one to three sentences, plain and dense words,
 * quotations, numbers, short lists.
 */
export const CALIBRATION_TEXT = [
  '# A new bridge for the town',
  'A new bridge for the town.',
  'The town council met on Tuesday evening to discuss the new bridge across the river.',
  'Most of the residents who came to the meeting were in favour of the plan, although several shop owners worried about the months of building work on the main street.',
  '"We have waited for this bridge for twenty years," said one of them. "But my shop cannot close for a whole summer."',
  'The plan has three parts. A wider road for buses. A path for bicycles. New lights along the river.',
  'After a long debate, the council agreed to ask the public for their views before making a final decision in the spring.',
  '# Council approves the river crossing',
  'Council approves the river crossing.',
  'The regional council approved on Tuesday evening a controversial proposal to replace the ageing bridge across the river with a wider, modern structure.',
  'Most residents attending the consultation supported the development, although several independent retailers expressed concerns about months of construction disrupting business on the high street.',
  '"We have campaigned for this investment for two decades," said Margaret Holloway, chair of the neighbourhood association. "But many businesses cannot survive a summer of closures."',
  'Engineers explained that the original crossing, completed in 1952, had required expensive repairs repeatedly, and that maintenance costs were increasing every year.',
  'The proposal includes three elements. A dedicated lane for public transport. A separated cycling path. Improved lighting along the embankment.',
  'Following a lengthy debate, councillors agreed to publish the detailed designs for public comment before reaching a final decision next spring.',
].join('\n');

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
