import { describe, expect, it } from 'vitest';
import { cardinalOf, decimalOf, digitWords, ordinalOf, romanValue } from './speech-numbers.ts';

describe('number words in each language', () => {
  it.each([
    ['en', '1234', 'one thousand two hundred thirty-four'],
    ['de', '1234', 'eintausendzweihundertvierunddreißig'],
    ['fr', '71', 'soixante et onze'],
    ['es', '2024', 'dos mil veinticuatro'],
    ['en', '007', 'zero zero seven'],
    ['en', '1234567890123456', 'one two three four five six seven eight nine zero one two three four five six'],
    ['en', '9'.repeat(400), 'a number of four hundred digits'],
    ['fr', '9'.repeat(41), 'un nombre de quarante et un chiffres'],
  ] as const)('cardinal %s %s', (language, digits, words) => expect(cardinalOf(digits, language)).toBe(words));

  it.each([
    ['en', '3', '14', 'three point one four'],
    ['de', '0', '5', 'null Komma fünf'],
    ['es', '2', '75', 'dos coma siete cinco'],
  ] as const)('decimal %s %s.%s', (language, whole, fraction, words) =>
    expect(decimalOf(whole, fraction, language)).toBe(words));

  it.each([
    ['en', 21, 'twenty-first'],
    ['de', 3, 'dritte'],
    ['fr', 21, 'vingt et unième'],
    ['es', 7, 'séptimo'],
  ] as const)('ordinal %s %i', (language, n, words) => expect(ordinalOf(n, language)).toBe(words));

  it('reads an ID digit by digit', () => expect(digitWords('1553982', 'de')).toBe('eins fünf fünf drei neun acht zwei'));
});

describe('romanValue', () => {
  it.each([
    ['I', 1], ['II', 2], ['IV', 4], ['VIII', 8], ['IX', 9], ['XIV', 14], ['XL', 40], ['LVII', 57], ['XCIX', 99], ['CCC', 300],
  ])('%s is %i', (numeral, value) => expect(romanValue(numeral)).toBe(value));

  it.each([[''], ['IIII'], ['VV'], ['IC'], ['MIX'], ['Iv']])('%j is not a numeral', (numeral) => expect(romanValue(numeral)).toBeUndefined());
});
