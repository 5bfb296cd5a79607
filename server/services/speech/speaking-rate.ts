/**
 * Each voice's speaking rate in words per minute, which turns the minutes a member asks for into a
 * script's word budget. A rate is measured by speaking a calibration passage the way an episode is
 * spoken (sentence by sentence, each sentence's trailing silence replaced by the episode's pause).
 * The embedded voices' rates were measured once and are kept here; any other voice is measured the
 * first time it is needed, once per process.
 */
import { SENTENCE_PAUSE_MS } from './episode.ts';
import type { SpeechEngine } from './engine.ts';
import { splitSentences } from './split-text.ts';
import { concatPcm } from '../audio/pcm.ts';

/** Ordinary prose of ordinary sentence lengths. */
export const CALIBRATION_TEXT =
  'The town council met on Tuesday evening to discuss the new bridge across the river. ' +
  'Most of the residents who came to the meeting were in favour of the plan, although several ' +
  'shop owners worried about the months of building work on the main street. ' +
  'The engineers explained that the old bridge had been repaired many times since it was built, ' +
  'and that a new one would be cheaper to keep in good condition over the coming decades. ' +
  'After a long debate, the council agreed to ask the public for their views before making a final decision in the spring.';

/** Measured with `npm run bench` (speaking rate section) on espeak-ng; words per minute. */
export const MEASURED_WORDS_PER_MINUTE: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  espeak: {
    'en-us': 214,
    'en-us-female': 215,
    'en-gb': 214,
    'en-gb-female': 213,
    'en-gb-x-rp': 215,
    'en-gb-scotland': 223,
    'en-029': 215,
    'en-us-nyc': 217,
  },
};

const QUIET_SAMPLE = 300;

function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Speaks the calibration passage in `voice` and answers its words per minute. */
export async function measureWordsPerMinute(engine: SpeechEngine, voice: string, text = CALIBRATION_TEXT): Promise<number> {
  let samples = 0;
  const sentences = splitSentences(text);
  for (const sentence of sentences) {
    const parts: Int16Array[] = [];
    for await (const pcm of engine.synthesize(sentence, { voice })) parts.push(pcm);
    const pcm = concatPcm(parts);
    let end = pcm.length;
    while (end > 0 && Math.abs(pcm[end - 1]!) < QUIET_SAMPLE) end--;
    samples += end;
  }
  const ms = (samples / engine.sampleRate) * 1000 + sentences.length * SENTENCE_PAUSE_MS;
  return Math.round((countWords(text) / ms) * 60_000);
}

export interface SpeakingRates {
  wordsPerMinute(voice: string): Promise<number>;
}

/** The engine's rates: the stored figure when there is one, else measured once and kept. */
export function createSpeakingRates(engine: SpeechEngine): SpeakingRates {
  const measured = new Map<string, Promise<number>>();
  return {
    wordsPerMinute(voice) {
      const stored = MEASURED_WORDS_PER_MINUTE[engine.name]?.[voice];
      if (stored) return Promise.resolve(stored);
      let rate = measured.get(voice);
      if (!rate) {
        rate = measureWordsPerMinute(engine, voice);
        measured.set(voice, rate);
        rate.catch(() => measured.delete(voice)); // a failed measurement is tried again next time
      }
      return rate;
    },
  };
}
