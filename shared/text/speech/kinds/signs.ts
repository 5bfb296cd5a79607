/**
 * Signs before a number, written as words in each language: a voice drops or mumbles "-12" ("moins
 * douze", "menos doce"). A dash after a number or a word is a range or a hyphen, never a sign.
 */
import type { ReadingLanguage } from '../language.ts';

const MINUS: Record<ReadingLanguage, string> = { en: 'minus', de: 'minus', fr: 'moins', es: 'menos', it: 'meno', pt: 'menos', ru: 'минус' };
const PLUS: Record<ReadingLanguage, string> = { en: 'plus', de: 'plus', fr: 'plus', es: 'más', it: 'più', pt: 'mais', ru: 'плюс' };
const PLUS_MINUS: Record<ReadingLanguage, string> = {
  en: 'plus or minus', de: 'plus minus', fr: 'plus ou moins', es: 'más o menos', it: 'più o meno', pt: 'mais ou menos', ru: 'плюс-минус',
};

// "§ 242", "§§ 823 ff.": a section of a law, said by its name.
const SECTION: Record<ReadingLanguage, [string, string]> = {
  en: ['section', 'sections'], de: ['Paragraf', 'Paragrafen'], fr: ['paragraphe', 'paragraphes'], es: ['párrafo', 'párrafos'],
  it: ['paragrafo', 'paragrafi'], pt: ['parágrafo', 'parágrafos'], ru: ['параграф', 'параграфы'],
};

// The sign opens the number: at the line's start, after a space, a bracket, a colon or "=", not after a digit and a space.
const MINUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)[-−–](?=\d)/gmu;
const PLUS_SIGN = /(?<=^|[\s(:=/])(?<!\d\s)\+(?=\d)/gmu;

export function readSigns(text: string, language: ReadingLanguage): string {
  if (!/[-−–+]\d|[±§]/.test(text)) return text;
  return text
    .replace(/(§§?)\s?(?=\d)/g, (_, sign: string) => `${SECTION[language][sign.length - 1]} `)
    .replace(/±\s?/g, `${PLUS_MINUS[language]} `)
    .replace(MINUS_SIGN, `${MINUS[language]} `)
    .replace(PLUS_SIGN, `${PLUS[language]} `);
}
