/**
 * The English reading front end. Every number ends as words (n2words, through speech-numbers.ts), so a
 * voice never guesses how "2-0", "1553982" or "II" is meant.
 *
 * Order matters: numbers that are names (versions, IDs, Roman numerals), then dates and times (they
 * contain numbers), then money, percentages and units, then ordinals and years, then scores, ranges
 * and fractions, then abbreviations, then the numbers left.
 */
import { replaceAbbreviations, replaceAbbreviationsInContext, replacePartiesAndLives } from './abbreviations.ts';
import { replaceDegrees, replaceMoney, replaceQuantities } from './amounts.ts';
import { replaceDates, replaceTimes } from './dates.ts';
import { replaceNamedNumbers } from './names.ts';
import { numbersToWords, replaceOrdinalsAndYears, replaceScoresAndFractions } from './numbers.ts';

export { cardinalWords, ordinalWords, yearWords } from './words.ts';

/** English text with every number, amount, date, unit and abbreviation as words. */
export function englishSpeechText(text: string): string {
  let out = replaceNamedNumbers(replaceAbbreviationsInContext(replacePartiesAndLives(text)));
  out = replaceDegrees(out);
  out = replaceDates(out);
  out = replaceTimes(out);
  out = replaceMoney(out);
  out = replaceQuantities(out);
  out = replaceOrdinalsAndYears(out);
  out = replaceScoresAndFractions(out);
  out = replaceAbbreviations(out);
  return numbersToWords(out);
}
