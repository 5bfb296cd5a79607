/**
 * Token kinds every language reads, each in its own file with a table per language: identifiers
 * (phones, ISBN, house and model numbers), fractions and ratios, units with superscripts and
 * compound units, signs; they run before the language's own rules, which then read the amounts,
 * dates and words left. Acronyms run after those rules.
 */
import { readAcronyms } from './acronyms.ts';
import { readFractions } from './fractions.ts';
import { readIdentifiers } from './identifiers.ts';
import { readMeasures } from './measures.ts';
import { readSigns } from './signs.ts';
import type { ReadingLanguage } from '../language.ts';

export function readKinds(text: string, language: ReadingLanguage): string {
  let out = readIdentifiers(text, language);
  out = readFractions(out, language);
  out = readMeasures(out, language);
  return readSigns(out, language);
}

/** After the language's rules (Roman numerals and units are words by then): acronyms. */
export function readKindsAfter(text: string, language: ReadingLanguage): string {
  return readAcronyms(text, language);
}
