/**
 * How long an episode may be, and how long one will be. Every source (a page, a PDF, text, several
 * sources together) is checked here before anything is queued, and in the estimate:
 * `checkEpisodeLength` takes the planned seconds of everything the episode will speak and the
 * caller's plan, and refuses with a message that says the limit and offers what fits.
 *
 * `speechSeconds` is the length of text read as written, modelled on what the voices do: the text
 * as the voice receives it (numbers said as words, so "123456" counts as the six words it is), its
 * letters at the voice's pace, at least 0.22 s a word (a text of single letters), and
 * the pauses after each sentence and paragraph. Words alone missed both: a text of numbers or of
 * short lines took up to eight times the time its words gave.
 */
import type { PodcastMode } from '../../../shared/constants.ts';
import { prepareSpeechText } from '../../../shared/text/prepare-speech-text.ts';
import { AppError } from '../../errors.ts';
import { countWords } from '../../machinery/script/script-format.ts';

/** The rate the figures below were measured at (espeak's English voices, about 168 words a minute). */
const REFERENCE_WORDS_PER_MINUTE = 168;
/** Seconds a letter of speech text takes, a word at least, and the pauses, at the reference rate. */
const SECONDS_PER_CHARACTER = 0.057;
const SECONDS_PER_WORD_AT_LEAST = 0.22;
const SENTENCE_PAUSE_SECONDS = 0.45;
const PARAGRAPH_PAUSE_SECONDS = 0.3;
/** Longer texts are measured on samples spread over them (the rules are pure but not free). */
const SAMPLE_CHARS = 2_000;
const SAMPLES = 40;

function measured(text: string, language: string): { chars: number; words: number } {
  const spoken = prepareSpeechText(text, language);
  return { chars: spoken.replace(/\s+/g, ' ').length, words: countWords(spoken) };
}

/** The seconds a voice speaking `wordsPerMinute` takes to read `text` as written. */
export function speechSeconds(text: string, wordsPerMinute: number, language = 'en'): number {
  let { chars, words } = { chars: 0, words: 0 };
  if (text.length <= SAMPLE_CHARS * SAMPLES) ({ chars, words } = measured(text, language));
  else {
    const step = text.length / SAMPLES;
    for (let i = 0; i < SAMPLES; i++) {
      const from = text.lastIndexOf(' ', Math.floor(i * step)) + 1;
      const sample = measured(text.slice(from, from + SAMPLE_CHARS), language);
      chars += sample.chars;
      words += sample.words;
    }
    const scale = text.length / (SAMPLES * SAMPLE_CHARS);
    chars *= scale;
    words *= scale;
  }
  const lines = text.split(/\n+/).filter((line) => line.trim());
  // A sentence ends at its mark, or at the end of a line that has none (a heading, a list item).
  const sentences = (text.match(/[.!?…。！？](?=\s)/g)?.length ?? 0) + lines.filter((line) => !/[.!?…。！？]\s*$/.test(line)).length + (/[.!?…。！？]\s*$/.test(text) ? 1 : 0);
  const paragraphs = lines.length;
  const speaking = Math.max(chars * SECONDS_PER_CHARACTER, words * SECONDS_PER_WORD_AT_LEAST) * (REFERENCE_WORDS_PER_MINUTE / wordsPerMinute);
  return Math.round(speaking + sentences * SENTENCE_PAUSE_SECONDS + paragraphs * PARAGRAPH_PAUSE_SECONDS);
}

/** The longest episode, in minutes, by plan: MAX_EPISODE_MINUTES for anonymous visitors and free members, PREMIUM_MAX_EPISODE_MINUTES for Premium. */
export interface EpisodeLengthLimits {
  maxEpisodeMinutes: number;
  premiumMaxEpisodeMinutes: number;
}

/** One source of an episode as planned: the seconds it will take, and its pages when it is a PDF. */
export interface PlannedSource {
  seconds: number;
  pages?: number | null;
}

/** '2 hours', '1 hour 30 minutes', '45 minutes': a length in words, to the minute (at least one). */
export const hoursAndMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  return h === 0 ? unit(m, 'minute') : m === 0 ? unit(h, 'hour') : `${unit(h, 'hour')} ${unit(m, 'minute')}`;
};

/**
 * Refuses (EPISODE_TOO_LONG, 422) an episode whose sources together would run past the plan's limit.
 * The message says how long it would be, the limit, and what fits: the first N sources, the first N
 * pages of a PDF, or a shorter mode when the mode reads everything.
 */
export function checkEpisodeLength(input: {
  sources: PlannedSource[];
  premium: boolean;
  mode: PodcastMode;
  limits: EpisodeLengthLimits;
  /** Whether an AI writes the other modes (without one, every mode reads the article). */
  shorterModes: boolean;
  /** Whether Premium can be bought here (billing on): only then is its limit offered. */
  premiumOffered: boolean;
}): void {
  const limitSeconds = (input.premium ? input.limits.premiumMaxEpisodeMinutes : input.limits.maxEpisodeMinutes) * 60;
  const total = input.sources.reduce((sum, s) => sum + s.seconds, 0);
  if (total <= limitSeconds) return;
  const offers: string[] = [];
  if (input.sources.length > 1) {
    let fit = 0;
    let sum = 0;
    while (fit < input.sources.length && sum + input.sources[fit]!.seconds <= limitSeconds) sum += input.sources[fit++]!.seconds;
    if (fit > 0) offers.push(`make it from the first ${fit === 1 ? 'source' : `${fit} sources`}`);
  } else {
    const pages = input.sources[0]?.pages;
    const fit = pages ? Math.floor((pages * limitSeconds) / total) : 0;
    if (pages && fit >= 1) offers.push(`make it from the first ${fit === 1 ? 'page' : `${fit} pages`} of the PDF`);
    else offers.push('make it from a shorter part of the text');
  }
  if (input.mode === 'read' && input.shorterModes) offers.push('choose Podcast or Brief for a shorter retelling');
  const premium = input.premium || !input.premiumOffered || input.limits.premiumMaxEpisodeMinutes <= input.limits.maxEpisodeMinutes
    ? ''
    : ` (${hoursAndMinutes(input.limits.premiumMaxEpisodeMinutes * 60)} with Premium)`;
  throw new AppError('EPISODE_TOO_LONG', {
    message:
      `This episode would run about ${hoursAndMinutes(total)}: Pagecast makes episodes of up to ` +
      `${hoursAndMinutes(limitSeconds)}${premium}. To hear it, ${offers.join(', or ')}.`,
  });
}
