/**
 * Acronyms a voice would read as a word of the language: two capitals on their own are letters
 * ("l'OM" is "l'O.M.", not "l'homme"; "la UE" is "la U.E."). Longer acronyms are left to the voice,
 * which spells those it cannot say ("PSG") and says those meant to be words ("ONU", "OTAN"). A line
 * in capitals is a heading, not acronyms.
 */
import type { ReadingLanguage } from './index.ts';

// Two capitals that are read as a word in each language.
const SAID_AS_WORDS: Record<ReadingLanguage, readonly string[]> = { en: ['OK'], de: ['OK'], fr: ['OK'], es: ['OK'] };

// After an elided article or a space, before a non-letter: "l'OM", "de l'UE", "el PP".
const TWO_CAPITALS = /(?<=^|[\s(«"“„'’])(\p{Lu})(\p{Lu})(?![\p{L}\d'’-]|\.\p{L}|['’]s\b)/gmu;

export function readAcronyms(text: string, language: ReadingLanguage): string {
  if (language === 'en') return text; // an English voice spells two capitals already
  const words = SAID_AS_WORDS[language];
  return text
    .split('\n')
    .map((line) => {
      // a line mostly in capitals is a heading
      const letters = line.replace(/[^\p{L}]/gu, '');
      if (letters.length > 0 && letters.replace(/[^\p{Lu}]/gu, '').length > letters.length / 2) return line;
      return line.replace(TWO_CAPITALS, (all: string, a: string, b: string, offset: number) => (words.includes(all) || /^[IVXLC]+$/.test(all) ? all : `${a}.${b}${line[offset + 2] === '.' ? '' : '.'}`));
    })
    .join('\n');
}
