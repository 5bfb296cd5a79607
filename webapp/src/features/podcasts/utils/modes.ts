/**
 * The four ways a page becomes audio, in the web app's words, and the rules the mode pickers share:
 * which modes take minutes, what the picker starts on, how an estimate reads.
 */
import { BRIEF_MINUTES, PODCAST_MINUTES, PODCAST_MODES, type PodcastMode } from '../../../../../shared/constants.ts';

export interface ModeOption {
  mode: PodcastMode;
  label: string;
  description: string;
}

export const MODE_OPTIONS: readonly ModeOption[] = [
  { mode: 'read', label: 'Read', description: 'The whole article, word for word.' },
  { mode: 'podcast', label: 'Podcast', description: 'One host retells the article at the length you choose.' },
  { mode: 'brief', label: 'Brief', description: `About ${BRIEF_MINUTES} minutes: what it says and why it matters.` },
  { mode: 'conversation', label: 'Conversation', description: 'Two hosts talk it through at the length you choose.' },
];

/** The modes an AI model writes; without one the server reads the article as written instead. */
export function needsAi(mode: PodcastMode): boolean {
  return mode !== 'read';
}

export const NEEDS_AI_LABEL = 'Needs an AI model';
export const NO_AI_HINT = 'This server has no AI model, so every episode reads the article as written.';

/** The mode's name for people: 'Podcast', 'Conversation'. */
export function modeLabel(mode: PodcastMode): string {
  return MODE_OPTIONS.find((o) => o.mode === mode)?.label ?? mode;
}

/** Only podcast and conversation take a length in minutes. */
export function takesMinutes(mode: PodcastMode): boolean {
  return mode === 'podcast' || mode === 'conversation';
}

export function isPodcastMode(value: unknown): value is PodcastMode {
  return typeof value === 'string' && (PODCAST_MODES as readonly string[]).includes(value);
}

/** Minutes the server accepts: a whole number from 3 to 60. */
export function validMinutes(value: number): boolean {
  return Number.isInteger(value) && value >= PODCAST_MINUTES.min && value <= PODCAST_MINUTES.max;
}

export const MINUTES_MESSAGE = `Choose from ${PODCAST_MINUTES.min} to ${PODCAST_MINUTES.max} minutes.`;

/**
 * What a picker starts on: the member's saved default, else the server's (null: none known yet); on
 * a server without an AI model (`aiWriter` false), Read, the one mode that works there.
 */
export function startingChoice(
  saved: { defaultMode?: PodcastMode | null; defaultMinutes?: number | null } | null | undefined,
  serverMode: PodcastMode | null,
  aiWriter: boolean | null = null,
): { mode: PodcastMode | null; minutes: number } {
  const minutes = saved?.defaultMinutes != null && validMinutes(saved.defaultMinutes) ? saved.defaultMinutes : PODCAST_MINUTES.default;
  const mode = saved?.defaultMode ?? serverMode;
  return { mode: aiWriter === false && mode !== null && needsAi(mode) ? 'read' : mode, minutes };
}

/** A length for people: 'about 10 min', 'under a minute'. */
export function formatLength(seconds: number): string {
  if (seconds < 45) return 'under a minute';
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `about ${minutes} min`;
}
