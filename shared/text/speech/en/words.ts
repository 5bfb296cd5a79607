/** English number words: cardinals, ordinals, years, decades and sizes, American style. */
import { cardinalOf, ordinalOf } from '../../speech-numbers.ts';

/** 123 → "one hundred twenty-three" (American style, no "and"). Whole numbers below 10^15. */
export function cardinalWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return cardinalOf(String(n), 'en');
}

/** 21 → "twenty-first". */
export function ordinalWords(n: number): string {
  return ordinalOf(n, 'en');
}

/** 1999 → "nineteen ninety-nine", 2005 → "two thousand five", 2024 → "twenty twenty-four", 1900 → "nineteen hundred". */
export function yearWords(year: number): string {
  if (year < 1000 || year > 9999) return cardinalWords(year);
  const century = Math.floor(year / 100);
  const rest = year % 100;
  if (year >= 2000 && year < 2010) return cardinalWords(year);
  if (rest === 0) return year % 1000 === 0 ? cardinalWords(year) : `${cardinalWords(century)} hundred`;
  return `${cardinalWords(century)} ${rest < 10 ? `oh ${cardinalWords(rest)}` : cardinalWords(rest)}`;
}

/** "1990s" → "nineteen nineties", "2000s" → "two thousands". */
export function decadeWords(year: number): string {
  const words = yearWords(year);
  return words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`;
}

/** A screen or paper size reads its four-digit numbers in pairs: 1920 → "nineteen twenty". */
export function sizeWords(size: string): string {
  return /^[1-9]\d{3}$/.test(size) && !size.endsWith('000') ? yearWords(Number(size)) : size;
}

