/**
 * How a podcast's script is told: its mode, and for the modes an AI writes, the asked minutes made
 * into words at the voice's measured speaking rate, for words like the article's (a text of short
 * words is spoken faster than the rate's passage: its pace, spoken-length.ts). A retelling is never longer than the article it
 * tells: when the article is short, the episode is shorter than asked and its opening says so.
 */
import { BRIEF_MINUTES, PODCAST_MINUTES, type PodcastMode } from '../../shared/constants.ts';
import { speechSeconds } from '../services/podcasts/episode-length.ts';
import { countWords } from '../machinery/script/script-format.ts';
import { paceOf } from '../machinery/script/spoken-length.ts';
import type { ScriptPlan } from '../machinery/script/types.ts';

/** The two hosts of a conversation, as the script and the transcript name them. */
export const CONVERSATION_HOSTS = ['Alex', 'Sam'] as const;

export interface PlanInput {
  mode: PodcastMode;
  minutes: number | null;
  language: string;
  /** The article as stored: its text (a line per block), its kinds per line and its byline. */
  text: string;
  lines: string | null;
  byline: string | null;
  /** The host voice's words per minute. */
  wordsPerMinute: number;
}

/** The minutes a mode aims at: brief's two, the asked (or default) for podcast and conversation, none for read. */
export function askedMinutes(mode: PodcastMode, minutes: number | null): number | null {
  if (mode === 'read') return null;
  if (mode === 'brief') return BRIEF_MINUTES;
  return minutes ?? PODCAST_MINUTES.default;
}

export function planScript(input: PlanInput): ScriptPlan {
  const source = { text: input.text, lines: input.lines, byline: input.byline };
  const asked = askedMinutes(input.mode, input.minutes);
  if (asked === null) return { mode: input.mode, targetWords: null, language: input.language, source };
  const pace = paceOf(input.text);
  const budget = Math.round((asked * input.wordsPerMinute) / pace);
  const articleWords = countWords(input.text);
  const targetWords = Math.max(1, Math.min(budget, articleWords));
  const short = input.mode !== 'brief' && articleWords < budget * 0.85;
  const minutes = Math.max(1, Math.round((articleWords * pace) / input.wordsPerMinute));
  return {
    mode: input.mode,
    targetWords,
    pace,
    language: input.language,
    source,
    maxRequests: maxRequests(asked),
    ...(input.mode === 'conversation' ? { hosts: CONVERSATION_HOSTS } : {}),
    // The note is English, said before the script: an article in another language goes without it.
    ...(short && input.language === 'en'
      ? { note: `The article is short, so this episode runs about ${minutes} minute${minutes === 1 ? '' : 's'} rather than the ${asked} asked.` }
      : {}),
  };
}

/** Requests an AI may make for a script of `minutes` (title, outline and follow-ups included): a few, and one more for each minute and a half. */
export function maxRequests(minutes: number): number {
  return Math.floor(minutes / 1.5 + 4);
}

/**
 * The likely length of an episode in seconds: the words it will speak at the voice's rate, each taking
 * `pace` of a calibration word's time (paceOf the article; read mode's estimate is the plain rate's).
 */
export function estimateSeconds(mode: PodcastMode, minutes: number | null, articleWords: number, wordsPerMinute: number, pace = 1): number {
  const asked = askedMinutes(mode, minutes);
  if (asked === null) return Math.round((articleWords / wordsPerMinute) * 60);
  const words = Math.min(articleWords, (asked * wordsPerMinute) / pace);
  return Math.round(((words * pace) / wordsPerMinute) * 60);
}

/** The likely length of an episode in seconds: the article read as written (speechSeconds), or the minutes asked when fewer. */
export function estimateEpisodeSeconds(mode: PodcastMode, minutes: number | null, article: { text: string; language: string }, wordsPerMinute: number): number {
  const asked = askedMinutes(mode, minutes);
  const read = speechSeconds(article.text, wordsPerMinute, article.language);
  return asked === null ? read : Math.min(read, asked * 60);
}
