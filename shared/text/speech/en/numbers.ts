/** English ordinals, years and decades, scores, ranges and fractions, and every number left as words. */
import { cardinalOf, decimalOf, digitWords } from '../../speech-numbers.ts';
import { cardinalWords, decadeWords, ordinalWords, yearWords } from './words.ts';

// Words after which a four-digit number is a year. After the weaker ones ("a total of 1024") only
// 1100–2099 are, where the year reading ("eleven hundred", "fifteen hundred") is also a fine cardinal.
const YEAR_CUES =
  'in|since|until|till|before|after|during|year|circa|early|late|mid|spring|summer|autumn|fall|winter|' +
  'January|February|March|April|May|June|July|August|September|October|November|December|' +
  'founded|born|died|established|released|published|launched|built';
const WEAK_YEAR_CUES = 'of|to|by|from|through|around';
const YEAR_AFTER_CUE = new RegExp(
  `\\b(?:(${YEAR_CUES})( (?:the year |the )?)(1\\d{3}|20\\d{2})|(${WEAK_YEAR_CUES})( (?:the year |the )?)(1[1-9]\\d{2}|20\\d{2}))\\b(?![.,]\\d|\\s?%)`,
  'gi',
);

export // "the 2020 Democratic debate", "the 1998 season": a year that names an event.
const YEAR_BEFORE_EVENT = new RegExp(
  '\\b(the|this|that|last|next|its|their|his|her) (19\\d{2}|20\\d{2})(?= \\p{Lu}\\p{Ll}| (?:season|election|elections|campaign|primary|census|' +
    'budget|edition|film|movie|race|games|olympics|tournament|championship|presidential|midterms?|vintage|album|report|survey|study|' +
    'law|act|crisis|recession|merger|deal|draft|model|version|war|attack|attacks|protests|riots|floods|earthquake)\\b)',
  'gu',
);

// A year with no word before it ("1998 was", "her 2012 novel", "Copyright 2019", "(2011)"): a number of
// 1100–2099 written without a separator, not an amount (no decimals, no % and no counted plural after
// it), not a number's part nor a size's ("1800 x 1920"), nor after a symbol or a word that makes it an
// identifier ("No. 1998").
const BARE_YEAR = new RegExp(
  '(?<!(?:[\\d.,$€£¥#/:+-]|(?:\\d|\\b)[x×]\\s?|\\b(?:No|no|Nr|nr|page|p|pp|room|flight|route|code|ID|id)\\.? ))\\b(1[1-9]\\d{2}|20\\d{2})\\b' +
    '(?![.,:/]\\d|\\s?%|\\s?[-–x×]\\s?\\d|\\s(?:(?!(?:was|has|is|does|says|marks|sees)\\b)\\p{Ll}+s|people|men|women|children|staff|police|feet|mph|times|more|fewer)\\b)',
  'gu',
);

export function replaceOrdinalsAndYears(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(YEAR_BEFORE_EVENT, (_, word: string, year: string) => `${word} ${yearWords(Number(year))}`)
    .replace(/\b(\d{1,9})(st|nd|rd|th)\b/gi, (_, n: string) => ordinalWords(Number(n)))
    .replace(/\b(1[1-9]|20)(\d0)'?s\b/g, (_, c: string, d: string) => decadeWords(Number(c + d)))
    .replace(/(^|\s)'?(\d0)s\b/g, (_, space: string, d: string) => `${space}${decadeWords(1900 + Number(d)).split(' ')[1]}`)
    .replace(/\b(1[0-9]\d{2}|20\d{2})\s?(?:-|–|—)\s?(1[0-9]\d{2}|20\d{2}|\d{2})\b/g, (all, a: string, b: string) => {
      const end = b.length === 2 ? Number(a.slice(0, 2) + b) : Number(b);
      return end > Number(a) ? `${yearWords(Number(a))} to ${yearWords(end)}` : all;
    })
    .replace(YEAR_AFTER_CUE, (...m: string[]) => {
      const [cue, between, year] = m[1] ? [m[1], m[2]!, m[3]!] : [m[4]!, m[5]!, m[6]!];
      return `${cue}${between}${yearWords(Number(year))}`;
    })
    .replace(/\b(\d{1,4}) ?(BCE?|AD|CE)\b/g, (_, y: string, era: string) => `${yearWords(Number(y))} ${era.split('').join(' ')}`)
    .replace(BARE_YEAR, (_, year: string) => yearWords(Number(year)))
    .replace(/(\d)\s?–\s?(?=\d)/g, '$1 to ');
}


// Special readings of a slash between numbers.
const SLASHED: Record<string, string> = { '24/7': 'twenty-four seven', '9/11': 'nine eleven', '50/50': 'fifty-fifty' };

/** 3/4 → "three quarters", 29/32 → "29 out of 32". */
function fractionWords(all: string, a: string, b: string): string {
  if (SLASHED[all]) return SLASHED[all];
  // "20/20", "50/50": the same number twice is a name, said twice
  if (a === b) return `${cardinalWords(Number(a))} ${cardinalWords(Number(b))}`;
  const [top, bottom] = [Number(a), Number(b)];
  if (bottom === 0) return `${a} over ${b}`;
  if (top < bottom && bottom <= 10) {
    const name = bottom === 2 ? 'half' : bottom === 4 ? 'quarter' : ordinalWords(bottom);
    const plural = top === 1 ? name : name === 'half' ? 'halves' : `${name}s`;
    return `${cardinalWords(top)} ${plural}`;
  }
  return top <= bottom ? `${a} out of ${b}` : `${a} over ${b}`;
}

/** Scores and ranges ("2-0", "10–15" → "to"), fractions and ratios, "2-for-1", "3-year-old", "COVID-19". */
export function replaceScoresAndFractions(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(/(\d)-(for|in|to|of|on|by|and)-(?=\d)/g, '$1 $2 ')
    // 555-123-4567: three or more groups are a phone number or a code, read digit by digit
    .replace(/(?<![\d.,-])\d{2,5}(?:-\d{2,5}){2,4}(?![\d-])/g, (code: string) =>
      code.split('-').map((group) => digitWords(group, 'en')).join(', '))
    // a dash between two numbers; not a third part (a phone number, a code) nor a date's
    .replace(/(?<![\d.,:/-])(\d{1,9}(?:\.\d{1,6})?)(?:\s?[-–]\s?|\s—\s)(\d{1,9}(?:\.\d{1,6})?)(?![\d.,:/-]?\d)/g, '$1 to $2')
    .replace(/(?<![\d./])(\d{1,6})\/(\d{1,6})(?![\d/])/g, (all, a: string, b: string) => fractionWords(all, a, b))
    // "a 2:1 win": a score or a ratio that is no clock time
    .replace(/(?<![\d:.])(\d{1,3}):(\d)(?![\d:])/g, '$1 to $2')
    .replace(/(\p{L})-(?=\d)/gu, '$1 ')
    .replace(/(\d)-(?=\p{L})/gu, '$1 ');
}

/**
 * The numbers still written as digits, as words: "1,250" → "one thousand two hundred fifty", "3.5" →
 * "three point five", "-5" → "minus five", "4K" → "four K".
 */
export function numbersToWords(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(/(^|[\s(])[-−](?=\d)/g, '$1minus ')
    // a run of digits is taken whole from its first digit, so nothing is scanned twice
    .replace(/(\d{1,3}(?:,\d{3}){1,12}(?!\d|,\d)|\d+)(?:\.(\d+))?/g, (all, whole: string, fraction: string | undefined, offset: number, input: string) => {
      const digits = whole.replace(/,/g, '');
      const words = fraction ? decimalOf(digits, fraction, 'en') : cardinalOf(digits, 'en');
      const before = /\p{L}/u.test(input[offset - 1] ?? '') ? ' ' : '';
      const after = /\p{L}/u.test(input[offset + all.length] ?? '') ? ' ' : '';
      return `${before}${words}${after}`;
    });
}

