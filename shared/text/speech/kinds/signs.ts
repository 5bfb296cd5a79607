/**
 * Signs before a number, written as words in each language: a voice drops or mumbles "-12" ("moins
 * douze", "menos doce"). A dash after a number or a word is a range or a hyphen, never a sign.
 */
import type { ReadingLanguage } from './index.ts';

const MINUS: Record<ReadingLanguage, string> = { en: 'minus', de: 'minus', fr: 'moins', es: 'menos' };
const PLUS: Record<ReadingLanguage, string> = { en: 'plus', de: 'plus', fr: 'plus', es: 'más' };
const PLUS_MINUS: Record<ReadingLanguage, string> = { en: 'plus or minus', de: 'plus minus', fr: 'plus ou moins', es: 'más o menos' };

// The sign opens the number: at the line's start, after a space, a bracket, a colon or "=", not after a digit and a space.
const MINUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)[-−–](?=\d)/gmu;
const PLUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)\+(?=\d)/gmu;

export function readSigns(text: string, language: ReadingLanguage): string {
  if (!/[-−–+]\d|±/.test(text)) return text;
  return text
    .replace(/±\s?/g, `${PLUS_MINUS[language]} `)
    .replace(MINUS_SIGN, `${MINUS[language]} `)
    .replace(PLUS_SIGN, `${PLUS[language]} `);
}
