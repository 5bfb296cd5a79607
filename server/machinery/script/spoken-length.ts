/**
 * How long words take to say. A voice's rate is measured in words a minute on the calibration
 * passage, but words differ: a text of short, plain words ("the water rose along the valley") is
 * spoken faster than the passage, one of long words slower; and every sentence ends in a pause, so a
 * text of short sentences is slower by the word than its syllables say. The pace of a text is how
 * much longer than the passage's its words take, from its syllables per word (runs of vowels) and its
 * sentences per word, each over the passage's, weighed as measured on real episodes
 * (`npm run bench -- speech-pace`, which reports the error on held-out pages and on plain words).
 */
import { CALIBRATION_TEXT } from './calibration-text.ts';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]+/giu;
const LATIN_LETTER = /[a-zà-ÿœ]/i;
/** Pace is kept within these bounds: beyond them the count says more about odd text than about time. */
const SLOWEST = 1.35;
const FASTEST = 0.75;
/** Words looked at, at most: a pace is a mean, and a sample of the text tells it. */
const SAMPLE_WORDS = 20_000;

/** Syllables of one word: its runs of vowels (an English silent final e not counted), a digit each; at least one. */
function syllables(word: string): number {
  const digits = word.match(/\p{N}/gu)?.length ?? 0;
  if (digits > 0) return Math.max(1, digits);
  const lower = word.toLowerCase();
  const runs = lower.match(VOWELS)?.length ?? 0;
  const silentE = lower.length > 3 && /[^aeiouy]e$/.test(lower) && runs > 1 ? 1 : 0;
  return Math.max(1, runs - silentE);
}

/** Syllables per word of `text`, or null when it is not mostly in a Latin script (no vowels to count). */
function syllablesPerWord(text: string): number | null {
  let words = 0;
  let latin = 0;
  let total = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    words += 1;
    if (LATIN_LETTER.test(word) || /^\p{N}+$/u.test(word)) latin += 1;
    total += syllables(word);
    if (words >= SAMPLE_WORDS) break;
  }
  return words === 0 || latin < words * 0.8 ? null : total / words;
}

/** Sentences per word: a sentence ends at its mark before a space or the end, or at the end of a line without one. */
function sentencesPerWord(text: string): number {
  const sample = text.length > SAMPLE_WORDS * 8 ? text.slice(0, SAMPLE_WORDS * 8) : text;
  const words = sample.match(WORD)?.length ?? 0;
  if (words === 0) return 0;
  const marks = sample.match(/[.!?…](?=\s|$)/g)?.length ?? 0;
  const unmarked = sample.split('\n').filter((line) => line.trim() && !/[.!?…]\s*$/.test(line)).length;
  return (marks + unmarked) / words;
}

/** A text's measures, each over the calibration passage's (1: the same); null syllables when not mostly in a Latin script. */
export function paceFeatures(text: string): { syllables: number | null; sentences: number } {
  const perWord = syllablesPerWord(text);
  return { syllables: perWord === null ? null : perWord / CALIBRATION.syllables, sentences: sentencesPerWord(text) / CALIBRATION.sentences };
}

const CALIBRATION_PASSAGE = CALIBRATION_TEXT.replace(/^# .*$/gm, '');
const CALIBRATION = { syllables: syllablesPerWord(CALIBRATION_PASSAGE)!, sentences: sentencesPerWord(CALIBRATION_PASSAGE) };

/**
 * How a word's time follows its syllables and its share of a sentence's pause, the rest a word's own
 * (measured by the speech-pace bench on espeak's en-us voice). Least squares on real pages alone weighs
 * syllables 0.59 and tells text of only short, plain words 10.6% too slow; 0.8 misses held-out pages by
 * as much (4.5% mean) and that text by 4.9%; syllables alone (1) tells it exactly but misses pages by 5.9%.
 */
export const PACE_WEIGHTS: PaceWeights = { syllables: 0.8, sentences: 0.02 };

export interface PaceWeights {
  syllables: number;
  sentences: number;
}

/** How much longer than the calibration passage's a word of `text` takes to say: 1 when it cannot be told. */
export function paceOf(text: string, weights: PaceWeights = PACE_WEIGHTS): number {
  const { syllables, sentences } = paceFeatures(text);
  if (syllables === null) return 1;
  const pace = 1 + weights.syllables * (syllables - 1) + weights.sentences * (sentences - 1);
  return Math.min(SLOWEST, Math.max(FASTEST, pace));
}
