/**
 * Number words for the voice, from n2words (one small module per language, ESM, no dependencies),
 * plus the readings n2words does not make: digit by digit (IDs, leading zeros), decimals as written,
 * and Roman numerals.
 */
import { toCardinal as deCardinal, toOrdinal as deOrdinal } from 'n2words/de-DE';
import { toCardinal as enCardinal, toOrdinal as enOrdinal } from 'n2words/en-US';
import { toCardinal as esCardinal, toOrdinal as esOrdinal } from 'n2words/es-ES';
import { toCardinal as frCardinal, toOrdinal as frOrdinal } from 'n2words/fr-FR';
import { toCardinal as itCardinal, toOrdinal as itOrdinal } from 'n2words/it-IT';
import { toCardinal as ptCardinal, toOrdinal as ptOrdinal } from 'n2words/pt-PT';
import { toCardinal as ruCardinal, toOrdinal as ruOrdinal } from 'n2words/ru-RU';

/** Languages with number words of their own. */
export type NumberLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'ru';

const CARDINALS: Record<NumberLanguage, (n: bigint) => string> = {
  en: enCardinal, de: deCardinal, fr: frCardinal, es: esCardinal, it: itCardinal, pt: ptCardinal, ru: ruCardinal,
};
const ORDINALS: Record<NumberLanguage, (n: bigint) => string> = {
  en: enOrdinal, de: deOrdinal, fr: frOrdinal, es: esOrdinal, it: itOrdinal, pt: ptOrdinal, ru: ruOrdinal,
};
/** The word between a whole number and its decimals, as spoken. */
const DECIMAL_POINT: Record<NumberLanguage, string> = { en: 'point', de: 'Komma', fr: 'virgule', es: 'coma', it: 'virgola', pt: 'vírgula', ru: 'запятая' };

// Past fifteen digits (the trillions) a number is a code, not an amount, and is read digit by digit.
const MAX_CARDINAL_DIGITS = 15;

/** "1553982" → "one five five three nine eight two". */
export function digitWords(digits: string, language: NumberLanguage): string {
  return Array.from(digits, (d) => (/\d/.test(d) ? CARDINALS[language](BigInt(d)) : d)).join(' ');
}

// Past forty digits no listener follows the digits either: the number is named by its length.
const MAX_SPOKEN_DIGITS = 40;
const LONG_NUMBER: Record<NumberLanguage, (length: string) => string> = {
  en: (n) => `a number of ${n} digits`,
  de: (n) => `eine Zahl mit ${n} Ziffern`,
  fr: (n) => `un nombre de ${n} chiffres`,
  es: (n) => `un número de ${n} cifras`,
  it: (n) => `un numero di ${n} cifre`,
  pt: (n) => `um número de ${n} algarismos`,
  ru: (n) => `число из ${n} цифр`,
};

/** A run of digits too long to read: "a number of four hundred digits". */
export function longNumberWords(digits: string, language: NumberLanguage): string {
  return LONG_NUMBER[language](CARDINALS[language](BigInt(digits.length)));
}

/**
 * "2024" → "two thousand twenty-four"; a number with leading zeros or past the trillions is read digit
 * by digit, and one past forty digits is named by its length.
 */
export function cardinalOf(digits: string, language: NumberLanguage): string {
  if (!/^\d+$/.test(digits)) return digits;
  // Small numbers recur ("1", "10", "2024"): their words are kept, a bounded number of them.
  if (digits.length <= 4) {
    const key = `${language}${digits}`;
    let words = SMALL_CARDINALS.get(key);
    if (words === undefined) {
      words = cardinalWords(digits, language);
      if (SMALL_CARDINALS.size < 50_000) SMALL_CARDINALS.set(key, words);
    }
    return words;
  }
  return cardinalWords(digits, language);
}

const SMALL_CARDINALS = new Map<string, string>();

function cardinalWords(digits: string, language: NumberLanguage): string {
  if (digits.length > MAX_SPOKEN_DIGITS) return longNumberWords(digits, language);
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length > MAX_CARDINAL_DIGITS) return digitWords(digits, language);
  return CARDINALS[language](BigInt(digits));
}

/** "3", "14" → "three point one four": the decimals are read one digit at a time, as written. */
export function decimalOf(whole: string, fraction: string, language: NumberLanguage): string {
  return `${cardinalOf(whole, language)} ${DECIMAL_POINT[language]} ${digitWords(fraction, language)}`;
}

/** 21 → "twenty-first" / "einundzwanzigste" / "vingt et unième" / "vigésimo primero" (positive whole numbers). */
export function ordinalOf(n: number, language: NumberLanguage): string {
  if (!Number.isSafeInteger(n) || n < 1) return String(n);
  return ORDINALS[language](BigInt(n));
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** "XIV" → 14, for numerals up to 399 written the standard way; undefined for anything else. */
export function romanValue(numeral: string): number | undefined {
  if (!/^C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/.test(numeral) || numeral === '') return undefined;
  let total = 0;
  for (let i = 0; i < numeral.length; i += 1) {
    const value = ROMAN[numeral[i]!]!;
    const next = ROMAN[numeral[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}
