/**
 * The languages with a reading front end: English (en/), and the languages read from a lexicon
 * (local-rules.ts). Every kind (kinds/) keeps a table for each. Below the kinds and the lexicons, so
 * they and the front end that runs them import it and not each other.
 */
export type ReadingLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ru';

/** The languages read from a lexicon of their own. */
export type SpeechLanguage = Exclude<ReadingLanguage, 'en'>;

const LOCAL = new Set<string>(['de', 'fr', 'es', 'it', 'pt', 'ru']);

/** Whether a lexicon covers a language (its ISO 639-1 code). */
export function isSpeechLanguage(language: string): language is SpeechLanguage {
  return LOCAL.has(language);
}
