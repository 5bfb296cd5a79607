/**
 * The shape of a language's reading lexicon (de.ts, fr.ts, es.ts fill it): its words for amounts,
 * dates and times, its units, abbreviations and ordinals. A new language is one more such file.
 */
import { ordinalOf } from '../speech-numbers.ts';
import type { ContextAbbreviation } from './kinds/abbreviations.ts';

export type { SpeechLanguage } from './language.ts';

// ── Ordinals (n2words), inflected the way each language writes them after a noun or article ──

/** 3 → "dritte", with `ending` 'e' (der dritte), 'en' (am dritten) or 'er' (dritter Oktober). */
export function germanOrdinal(n: number, ending: 'e' | 'en' | 'er' = 'e'): string {
  return ordinalOf(n, 'de').replace(/e$/, '') + ending;
}

/** 2 → "deuxième", 1 → "premier" ("première" when feminine). */
export function frenchOrdinal(n: number, feminine = false): string {
  return feminine && n === 1 ? 'première' : ordinalOf(n, 'fr');
}

/** 3 → "tercero" ("tercera" when feminine), 21 → "vigésimo primero". 1–99; larger numbers stay digits. */
export function spanishOrdinal(n: number, feminine = false): string {
  if (n < 1 || n > 99) return String(n);
  const word = ordinalOf(n, 'es');
  return feminine ? word.replace(/o\b/g, 'a') : word;
}



export interface Currency {
  one: string;
  many: string;
  /** Russian's form after 2, 3 and 4 ("2 рубля"). */
  few?: string;
}

/** The form a count takes: [one, many] or, in Russian, [one, many, few] ("1 рубль", "5 рублей", "3 рубля"). */
export function formFor(amount: string, forms: readonly [string, string, string?]): string {
  if (/^1(?:[.,]0+)?$/.test(amount)) return forms[0];
  if (forms[2] === undefined || !/^\d+$/.test(amount)) return forms[1];
  const n = Number(amount.slice(-2));
  if (n % 10 === 1 && n !== 11) return forms[0];
  return n % 10 >= 2 && n % 10 <= 4 && (n < 12 || n > 14) ? forms[2] : forms[1];
}

export interface Lexicon {
  months: string[];
  percent: string;
  /** Between the two ends of a range of numbers. */
  to: string;
  /** Between the two sides of a score ("2:0", "2-0") whose second side is not larger. */
  scoreTo: string;
  /** "29/32": "29 von 32". */
  outOf: string;
  /** "1800 x 1920" and "9x": dimensions and multipliers. */
  by: string;
  times: string;
  /** Abbreviated weekdays as written, and their names. */
  weekdays: Record<string, string>;
  /** The word between the parts of a version number. */
  point: string;
  /** Version, chapter, part, war…: words a Roman numeral after them is a cardinal for. */
  numbered: string;
  /** A ruler's numeral: "Elizabeth II." → "Elisabeth die Zweite"; `before` is the text before the name (its case). */
  regnal: (name: string, n: number, before: string) => string;
  /** Rulers' names a Roman numeral after is a regnal number for. */
  rulers: string;
  and: string;
  degrees: string;
  currencies: Record<string, Currency>;
  /** "9 Mrd." → "9 Milliarden"; keys are lower case. */
  magnitudes: Record<string, string>;
  /** How an amount with a magnitude names its currency: "Milliarden Dollar", "milliards de dollars". */
  magnitudeOf: string;
  /** "9,99 €" → "9 Euro 99": the word between the whole amount and the cents ('' for none). */
  centsJoin: string;
  units: Record<string, [string, string, string?]>;
  /** After "°C": "Celsius" unless given ("по Цельсию"). */
  celsius?: string;
  time(hour: number, minute: number): string;
  date(day: number, month: number, year: number | undefined): string;
  abbreviations: Array<[RegExp, string]>;
  /** "1.º", "2ª", "3°" before a noun: the ordinal, feminine or not (Spanish's when not given). */
  ordinal?: (n: number, feminine: boolean) => string;
  /** Abbreviations read before any other rule, as what follows them needs: "s. XVIII" is a century. */
  early?: Array<[RegExp, string]>;
  /** Whether a time is written "14h30" (as in French). */
  hourMark?: boolean;
  /** Abbreviations read by where they stand: a saint before a name, a street after one, a unit after a number. */
  inContext: Record<string, ContextAbbreviation>;
}

export const SHARED_UNITS = (kilometer: [string, string], perHour: string): Record<string, [string, string, string?]> => ({
  km: kilometer,
  'km/h': [`${kilometer[0]} ${perHour}`, `${kilometer[1]} ${perHour}`],
});

