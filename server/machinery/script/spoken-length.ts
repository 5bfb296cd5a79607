/**
 * How long words take to say. A voice's rate is measured in words a minute on the calibration
 * passage, but words differ: a text of short, plain words ("the water rose along the valley") is
 * spoken about a quarter faster than the passage, one of long words slower. Syllables, counted as
 * runs of vowels, follow the time far better than words do; the pace of a text is its syllables per
 * word over the passage's, so its words a minute are the voice's rate divided by it.
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

const CALIBRATION_PACE = syllablesPerWord(CALIBRATION_TEXT.replace(/^# .*$/gm, ''))!;

/** How much longer than the calibration passage's a word of `text` takes to say: 1 when it cannot be told. */
export function paceOf(text: string): number {
  const perWord = syllablesPerWord(text);
  if (perWord === null) return 1;
  return Math.min(SLOWEST, Math.max(FASTEST, perWord / CALIBRATION_PACE));
}
