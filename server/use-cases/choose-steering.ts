/**
 * A focus and a language asked of a new episode (create and estimate). A focus is for the modes an
 * AI writes: read mode refuses one (400). A language other than the article's own needs the AI
 * (422, offering the article's language) and a mode it writes (400 in read mode); one the voices do
 * not speak is refused before anything is read.
 */
import { STEERING_MESSAGES } from '../../shared/api/steering.ts';
import type { PodcastMode } from '../../shared/constants.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { baseLanguage, speaksLanguage } from '../machinery/speech/language-voices.ts';
import { aiConfigured } from './choose-mode.ts';

/** The focus to keep (null for none); checked before the article is read. */
export function chooseFocus(mode: PodcastMode, asked: { focus?: string | undefined; language?: string | undefined }): string | null {
  if (asked.language !== undefined && !speaksLanguage(asked.language)) {
    throw new AppError('VALIDATION_ERROR', { message: STEERING_MESSAGES.languageNotSpoken(asked.language) });
  }
  const focus = asked.focus?.trim() || null;
  if (focus && mode === 'read') throw new AppError('VALIDATION_ERROR', { message: STEERING_MESSAGES.focusNotForRead });
  return focus;
}

export interface EpisodeLanguage {
  /** The language the episode is written and spoken in. */
  language: string;
  /** The article's own language when it is not the episode's; else null. */
  articleLanguage: string | null;
}

/** The episode's language once the article's is known. */
export function chooseLanguage(
  deps: { config: Pick<Config, 'openai'> },
  mode: PodcastMode,
  asked: string | undefined,
  articleLanguage: string,
): EpisodeLanguage {
  if (asked === undefined || baseLanguage(asked) === baseLanguage(articleLanguage)) return { language: articleLanguage, articleLanguage: null };
  if (!aiConfigured(deps.config)) throw new AppError('AI_REQUIRED', { message: STEERING_MESSAGES.languageNeedsAi(asked, articleLanguage) });
  if (mode === 'read') throw new AppError('VALIDATION_ERROR', { message: STEERING_MESSAGES.languageNotForRead(asked, articleLanguage) });
  return { language: asked, articleLanguage };
}
