/**
 * Numbers that name rather than count, in every language: phone numbers in their groups, ISBN and
 * ISSN digit by digit, a house number with a letter ("12B"), and (in English) model, flight and road
 * numbers read the way people say them: "Boeing 737" → "seven thirty-seven", "A380" → "A three
 * eighty", "RTX 4090" → "forty ninety".
 */
import { cardinalOf, digitWords, type NumberLanguage } from '../../speech-numbers.ts';
import type { ReadingLanguage } from '../language.ts';

/** "737" → "seven thirty-seven", "4090" → "forty ninety", "305" → "three oh five", "2000" → "two thousand". */
export function pairWords(digits: string): string {
  if (digits.startsWith('0')) return digitWords(digits, 'en');
  const two = (d: string) => (d === '00' ? 'hundred' : d.startsWith('0') ? `oh ${cardinalOf(d[1]!, 'en')}` : cardinalOf(d, 'en'));
  if (digits.length === 3) return digits.endsWith('00') ? cardinalOf(digits, 'en') : `${cardinalOf(digits[0]!, 'en')} ${two(digits.slice(1))}`;
  if (digits.length !== 4 || digits.slice(1, 3) === '00' || digits.endsWith('000')) return cardinalOf(digits, 'en');
  return `${cardinalOf(digits.slice(0, 2), 'en')} ${two(digits.slice(2))}`;
}

/** Digit groups read one digit at a time, a short pause (a comma) between groups. */
function groups(parts: string[], language: NumberLanguage): string {
  return parts.map((p) => digitWords(p, language)).join(', ');
}

// Words before a number that is a model, a route or a room, read in pairs ("Route 66" stays "sixty-six").
const MODEL_CUES = 'Boeing|Airbus|Cessna|Embraer|Porsche|Peugeot|Nikkei|Route|Highway|Interstate|Suite|Room|Gate|Flight|Model|model|Type|Series|Galaxy|iPhone|Pixel|Xbox|Windows|Office|Ryzen|Core|Radeon|GeForce|RTX|GTX|RX|Apollo|Terminal|Platform|Bus|Line';
const AFTER_CUE = new RegExp(`\\b(${MODEL_CUES}) (\\d{3,4})(?![\\d.,:/]\\d|\\s?%|\\s(?:people|percent|years|times|miles|feet|meters|units|of)\\b)`, 'g');
// A code of capital letters and a number: "A380", "F-150", "UA1549", "N225". Not a unit ("100MB").
const LETTER_CODE = /(?<![\p{L}\d.,$€£])(\p{Lu}{1,3})-?(\d{3,4})(?![\p{L}\d]|[.,]\d)/gu;
// An address number with one letter: "12B", "Apt 4C"; a capital after it or a sentence's end, not "7B parameters".
const HOUSE_LETTER = /(?<![\p{L}\d.,$€£])(\d{1,4})(?:([AC-HJLN-SU-Z])(?=[\s,;)]+\p{Lu}|[\s,;)]*$|,)|([BKMT])(?=[\s,]+\p{Lu}\p{Ll}+ (?:St|Street|Ave|Avenue|Road|Rd|Lane|Drive|Way)\b))/gmu;
// After an address word any letter is part of the number: "Apt 12B", "Gate 4M".
const ADDRESS_CODE = /\b(Apt\.?|Apartment|Unit|Flat|Suite|Room|Gate|Seat|Platform|Nr\.|No\.)\s?(\d{1,4})(\p{Lu})(?![\p{L}\d])/gu;
// "1080p", "720p", "1440p": a video resolution, in pairs.
const RESOLUTION = /(?<![\d.])\b(144|240|360|480|540|576|720|1080|1440|2160|4320)([pi])\b/g;
// "CA 94107", "NY 10001-1234": a US state and its ZIP code, digit by digit.
const ZIP = /\b([A-Z]{2}) (\d{5})(?:-(\d{4}))?\b(?![.,]\d)/g;
// "911": the emergency number, digit by digit.
const EMERGENCY = /(?<=\b(?:dial|dialed|dialled|call|called|calling|ring|rang) )(?:911|999|112)\b|(?<![\p{L}\d$€£.,])(?:911|999|112)(?=\s(?:call|calls|dispatch|dispatcher|dispatchers|operator|center|centre|line)\b|\b[,.]?\s*$)/gu;

// A national number: a dialling code that opens with 0, then the subscriber's digits ("030 12345678", "0171/1234567").
const NATIONAL = /(?<![\d\p{L}.,/-])(0\d{1,4})[\s/-](\d{4,10})(?![\d\p{L}]|[.,]\d)/gu;

const ISBN = /\b(ISBN|ISSN)(?:-1[03])?:?\s?((?:97[89][-\s]?)?\d{1,5}[-\s]?\d{1,7}[-\s]?\d{1,7}[-\s]?[\dX]|\d{4}-\d{3}[\dX])\b/g;
// Phone numbers: "+1 555 014 7890", "(555) 014-7890", "555-0147", "555.014.7890", "01 23 45 67 89".
const PHONE = /(?<![\d\p{L}.,/-])(?:(\+\d{1,3})[\s.-]?)?(?:\((\d{2,4})\)\s?)?(\d{1,4})(?:([\s.-])(\d{2,4}))(?:\4(\d{2,4}))?(?:\4(\d{2,4}))?(?:\4(\d{2,4}))?(?![\d\p{L}/-]|[.,]\d)/gu;

const PLUS: Record<ReadingLanguage, string> = { en: 'plus', de: 'plus', fr: 'plus', es: 'más', it: 'più', pt: 'mais', ru: 'плюс' };

/** Groups that are a date (2024-03-15, 15.03.2024) or an amount in thousands (1.000.000, 10 000 000). */
function isDateOrAmount(first: string, tail: string[]): boolean {
  if (tail.every((p) => p.length === 3) && first.length <= 3) return true;
  const lengths = [first, ...tail].map((p) => p.length).join();
  return lengths === '4,2,2' || lengths === '2,2,4' || lengths === '1,2,4' || lengths === '2,1,4';
}

function phoneWords(match: string, parts: (string | undefined)[], language: ReadingLanguage): string {
  const [country, area, first, separator, ...rest] = parts;
  const tail = rest.filter((p): p is string => p !== undefined);
  if (!country && !area && isDateOrAmount(first!, tail)) return match;
  const all = [area, first!, ...tail].filter((p): p is string => p !== undefined);
  const digits = all.join('').length;
  // A phone number has 7 to 15 digits in three or more groups, or 3 + 4 with a dash or dot ("555-0147").
  const dashed34 = !country && !area && tail.length === 1 && first!.length === 3 && tail[0]!.length === 4 && separator !== ' ';
  // spaces part groups of amounts too: a phone number so written has a country code, four groups, or a leading 0
  const spaced = separator !== ' ' || country !== undefined || all.length >= 4 || all[0]!.startsWith('0');
  const many = all.length >= 3 && digits >= 7 && digits <= 15 && spaced;
  if (!dashed34 && !many && !(country && digits >= 7)) return match;
  return `${country ? `${PLUS[language]} ${digitWords(country.slice(1), language)}, ` : ''}${groups(all, language)}`;
}

export function readIdentifiers(text: string, language: ReadingLanguage): string {
  if (!/\d/.test(text)) return text; // every identifier holds a digit
  let out = text
    .replace(ISBN, (_, kind: string, code: string) => `${kind.split('').join(' ')} ${groups(code.split(/[-\s]/), language).replace(/X/g, 'X')}`)
    .replace(PHONE, (match, ...rest: unknown[]) => phoneWords(match, rest.slice(0, 8) as (string | undefined)[], language))
    .replace(NATIONAL, (_, code: string, number: string) => groups([code, number], language))
    .replace(ADDRESS_CODE, '$1 $2 $3')
    .replace(HOUSE_LETTER, (_, n: string, letter?: string, magnitude?: string) => `${n} ${letter ?? magnitude}`);
  if (language !== 'en') return out;
  out = out
    .replace(EMERGENCY, (d: string) => digitWords(d, 'en'))
    .replace(RESOLUTION, (_, n: string, scan: string) => `${pairWords(n)} ${scan}`)
    .replace(ZIP, (_, state: string, zip: string, plus?: string) => `${state} ${groups(plus ? [zip, plus] : [zip], 'en')}`)
    .replace(AFTER_CUE, (_, cue: string, n: string) => `${cue} ${pairWords(n)}`)
    .replace(LETTER_CODE, (_, letters: string, n: string) => `${letters} ${pairWords(n)}`);
  return out;
}
