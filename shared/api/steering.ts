/**
 * Steering what is made, in the modes an AI writes: `focus` (what the listener cares about, told to
 * the model as data) and `language` (the episode's, when not the article's own: the model writes the
 * script in it and a voice of it speaks it). Read mode reads the article as written and takes neither.
 */
import { z } from 'zod';
import { cleanTitleText } from './nul.ts';
import { MAX_FOCUS_CHARS } from '../constants.ts';
import { languageName } from '../text/language-name.ts';

export { MAX_FOCUS_CHARS };

export const STEERING_MESSAGES = {
  focusTooLong: `A focus is at most ${MAX_FOCUS_CHARS} characters.`,
  focusNotForRead: 'Read mode reads the whole article as written, so it takes no focus. Choose podcast, brief or conversation to give one.',
  language: 'The language is a code such as de or fr.',
  languageNotSpoken: (code: string) => `The voices do not speak "${code}". Choose another language.`,
  languageNotForRead: (asked: string, own: string) =>
    `Read mode reads the article in its own language (${languageName(own)}). Choose podcast, brief or conversation for an episode in ${languageName(asked)}.`,
  languageNeedsAi: (asked: string, own: string) =>
    `An episode in ${languageName(asked)} needs the AI writer, and this server has none. Make it in ${languageName(own)}, the article's own language.`,
} as const;

/** What the listener cares about; empty means none. */
export const focusField = z.string({ error: STEERING_MESSAGES.focusTooLong }).overwrite(cleanTitleText).trim().max(MAX_FOCUS_CHARS, STEERING_MESSAGES.focusTooLong);

/** An ISO 639-1 code (`de`), or a regional one (`pt-BR`), as the voices name languages. */
export const languageField = z
  .string({ error: STEERING_MESSAGES.language })
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/, STEERING_MESSAGES.language)
  .transform((code) => code.toLowerCase().replace('_', '-'));

export const steeringFields = {
  focus: focusField.optional(),
  language: languageField.optional(),
};
