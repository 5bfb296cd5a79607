/**
 * Text preparation for the voice. Speech engines read what they are given literally: espeak-ng spells
 * an address out letter by letter, reads 🎧 as "headphone", "$7.99" as "dollar seven point nine nine"
 * and "10:00" as "ten zero zero". This step rewrites the script into words any engine reads the way a
 * person would. In English every number ends as words (n2words, through speech-numbers.ts), so a voice
 * never guesses how "2-0", "1553982" or "II" is meant.
 *
 * Order matters: entities, links and symbols first, then numbers that are names (versions, IDs, Roman
 * numerals), then dates and times (they contain numbers), then money, percentages and units, then
 * ordinals and years, then scores, ranges and fractions, then abbreviations, then the numbers left,
 * then tidying.
 */
import { linksToText } from './prepare-script-text.ts';
import { speakAddresses } from './speak-addresses.ts';
import { SENTENCE_OPENER_PATTERN } from './sentence-openers.ts';
import { isSpeechLanguage, localSpeechText } from './speech-languages.ts';
import { cardinalOf, decimalOf, digitWords, ordinalOf, romanValue } from './speech-numbers.ts';

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
function decadeWords(year: number): string {
  const words = yearWords(year);
  return words.endsWith('y') ? `${words.slice(0, -1)}ies` : `${words}s`;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
const MONTH_PATTERN =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

function monthName(text: string): string {
  const prefix = text.slice(0, 3).toLowerCase();
  return MONTHS.find((m) => m.slice(0, 3).toLowerCase() === prefix) ?? text;
}

function dateWords(month: number, day: number, year?: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${MONTHS[month - 1]} ${ordinalWords(day)}${year === undefined ? '' : `, ${yearWords(year)}`}`;
}

// Every pattern here runs on untrusted text of up to 200,000 characters and must not rescan the rest
// of it from each starting point: repetitions that can run on are bounded ({1,63}, {0,6}), and a
// delimiter's content cannot contain the delimiter.

// Pictographs, flags, skin tones, joiners and variation selectors: an engine reads these by name.
// One code point at a time (an alternation, not a class: a class of joiners and modifiers reads as
// if it matched whole sequences).
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// Other symbols (arrows, bullets, boxes, check marks…) that are decoration when written.
// The degree sign is not one: each language's rules read it.
const DECORATION = /(?!\u00B0)[\p{So}\u2190-\u21FF\u2022\u2023\u2043\u25A0-\u25FF\u00B7]/gu;

/** English degrees: "25°C" → "25 degrees Celsius". */
function replaceDegrees(text: string): string {
  return text
    .replace(/°\s?([CF])\b/g, (_, unit: string) => (unit === 'C' ? ' degrees Celsius' : ' degrees Fahrenheit'))
    .replace(/(\d)\s?°/g, '$1 degrees');
}

/** Links keep their text; addresses are read (speak-addresses.ts); emoji, decorative symbols and markdown marks go. */
function removeUnspeakable(text: string, language: string): string {
  return speakAddresses(linksToText(text), language)
    .replace(EMOJI, '')
    .replace(DECORATION, ' ')
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+](?=\s))[ \t]*/gm, '')
    .replace(/(\*\*|\*|`+)(?=\S)([^*`\n]*?\S)\1/g, '$2')
    // __bold__ on its own: content that may hold underscores let an unclosed one scan the whole line
    .replace(/__(?=\S)([^_*`\n]*?\S)__/g, '$1')
    .replace(/[*`]/g, '');
}

const WEEKDAYS: Record<string, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};
const WEEKDAY_PATTERN = '(Mon|Tue(?:s)?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\\.?';
// "Tue – Sat", "Mon-Fri", "Thurs to Sun": a range of abbreviated weekdays.
const WEEKDAY_RANGE = new RegExp(`\\b${WEEKDAY_PATTERN}\\s?(?:[-–—]|to)\\s?${WEEKDAY_PATTERN}(?![\\p{L}])`, 'gu');
// "Tue, Nov. 6", "Sat 12 May": an abbreviated weekday before a date.
const WEEKDAY_BEFORE_DATE = new RegExp(`\\b${WEEKDAY_PATTERN}(?=,?\\s(?:\\d{1,2}\\b|${MONTH_PATTERN}\\s\\d))`, 'g');

function weekdayName(text: string): string {
  return WEEKDAYS[text.slice(0, 3).toLowerCase()] ?? text;
}

function replaceDates(text: string): string {
  return text
    .replace(WEEKDAY_RANGE, (_, a: string, b: string) => `${weekdayName(a)} to ${weekdayName(b)}`)
    .replace(WEEKDAY_BEFORE_DATE, (_, day: string) => weekdayName(day))
    // "Nov. 2024": an abbreviated month before a year
    .replace(new RegExp(`\\b${MONTH_PATTERN}(?=\\s\\d{4}\\b)`, 'g'), (_, m: string) => monthName(m))
    // 2024-03-15
    .replace(/\b(1\d{3}|2\d{3})-(\d{2})-(\d{2})\b/g, (all, y: string, m: string, d: string) =>
      dateWords(Number(m), Number(d), Number(y)) ?? all)
    // 3/15/2024 (month first, as in en-US) or 15/3/2024 when the first part cannot be a month
    .replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (all, a: string, b: string, y: string) => {
      const [month, day] = Number(a) > 12 ? [Number(b), Number(a)] : [Number(a), Number(b)];
      return dateWords(month, day, Number(y)) ?? all;
    })
    // March 15, 2024 / March 15th / Mar. 15
    .replace(new RegExp(`\\b${MONTH_PATTERN} (\\d{1,2})(?:st|nd|rd|th)?\\b(?:,? (\\d{4})\\b)?`, 'g'),
      (all, m: string, d: string, y?: string) =>
        dateWords(MONTHS.indexOf(monthName(m)) + 1, Number(d), y ? Number(y) : undefined) ?? all)
    // 15 March 2024 / 15th of March
    .replace(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_PATTERN}\\b(?:,? (\\d{4})\\b)?`, 'g'),
      (all, d: string, m: string, y?: string) => {
        const day = Number(d);
        if (day < 1 || day > 31) return all;
        return `the ${ordinalWords(day)} of ${monthName(m)}${y ? `, ${yearWords(Number(y))}` : ''}`;
      });
}

/**
 * "AM"/"PM" for a matched "a.m." or "pm"; a final dot that also ended the sentence stays as a full stop.
 */
function meridiem(ap: string | undefined, rest: string): string {
  if (!ap) return '';
  const word = ` ${ap[0]!.toUpperCase()}M`;
  return ap.endsWith('.') && /^(?:\s+[A-Z]|\s*$)/.test(rest) ? `${word}.` : word;
}

/** "1:05:33" → "1 hour, 5 minutes and 33 seconds": a duration, as a race or a video gives it. */
function durationWords(h: string, m: string, sec: string): string {
  const parts = ([[h, 'hour'], [m, 'minute'], [sec, 'second']] as const)
    .filter(([n]) => Number(n) > 0)
    .map(([n, unit]) => `${Number(n)} ${unit}${Number(n) === 1 ? '' : 's'}`);
  if (parts.length === 0) return '0 seconds';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function replaceTimes(text: string): string {
  return text
    .replace(/(?<![\d:])\b(\d{1,2}):([0-5]\d):([0-5]\d)(?![\d:])/g, (_, h: string, m: string, sec: string) => durationWords(h, m, sec))
    .replace(
      /(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)(?!:?\d)(?:\s?([ap]\.?m\.?)(?![a-z]))?/gi,
      (all, h: string, m: string, ap: string | undefined, offset: number, whole: string) => {
        const hour = String(Number(h));
        const suffix = meridiem(ap, whole.slice(offset + all.length));
        if (m === '00') return ap ? `${hour}${suffix}` : `${hour} o'clock`;
        return `${hour} ${m.startsWith('0') ? `oh ${m[1]}` : m}${suffix}`;
      },
    )
    .replace(/\b(1[0-2]|0?[1-9])\s?([ap]\.?m\.?)(?![a-z])/gi, (all, h: string, ap: string, offset: number, whole: string) =>
      `${Number(h)}${meridiem(ap, whole.slice(offset + all.length))}`)
    // "9 AM–5 PM": the dash after a time is "to"
    .replace(/\b([AP]M)\s?[-–]\s?(?=\d)/g, '$1 to ');
}

const CURRENCIES: Record<string, { one: string; many: string; cent?: [string, string] }> = {
  $: { one: 'dollar', many: 'dollars', cent: ['cent', 'cents'] },
  '€': { one: 'euro', many: 'euros', cent: ['cent', 'cents'] },
  '£': { one: 'pound', many: 'pounds', cent: ['penny', 'pence'] },
  '¥': { one: 'yen', many: 'yen' },
  '₹': { one: 'rupee', many: 'rupees' },
};
const MAGNITUDES: Record<string, string> = {
  k: 'thousand', thousand: 'thousand', m: 'million', mn: 'million', million: 'million',
  b: 'billion', bn: 'billion', billion: 'billion', t: 'trillion', tn: 'trillion', trillion: 'trillion',
};
const PER_UNITS: Record<string, string> = {
  mo: 'month', month: 'month', yr: 'year', year: 'year', y: 'year', wk: 'week', week: 'week', day: 'day', d: 'day',
  hr: 'hour', h: 'hour', hour: 'hour', min: 'minute', minute: 'minute', user: 'user', person: 'person', seat: 'seat',
};

function plural(amount: string, one: string, many: string): string {
  return amount === '1' ? one : many;
}

/** "$7.99" → "7 dollars and 99 cents", "$2.5bn" → "2.5 billion dollars", "€10/mo" → "10 euros per month". */
function replaceMoney(text: string): string {
  return text.replace(
    /([$€£¥₹])\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(thousand|million|billion|trillion|k|mn|m|bn|b|tn|t)\b)?(?:\s?\/\s?(mo|month|yr|year|y|wk|week|day|d|hr|h|hour|min|minute|user|person|seat)\b)?/gi,
    (_, symbol: string, whole: string, fraction: string | undefined, magnitude?: string, per?: string) => {
      const currency = CURRENCIES[symbol]!;
      const perText = per ? ` per ${PER_UNITS[per.toLowerCase()]}` : '';
      if (magnitude) {
        const amount = fraction ? `${whole}.${fraction}` : whole;
        return `${amount} ${MAGNITUDES[magnitude.toLowerCase()]} ${currency.many}${perText}`;
      }
      const main = `${whole} ${plural(whole, currency.one, currency.many)}`;
      if (!fraction || /^0+$/.test(fraction)) return `${main}${perText}`;
      if (fraction.length !== 2 || !currency.cent) return `${whole}.${fraction} ${currency.many}${perText}`;
      const cents = String(Number(fraction));
      const centText = `${cents} ${plural(cents, ...currency.cent)}`;
      return `${whole === '0' ? centText : `${main} and ${centText}`}${perText}`;
    },
  );
}

const UNITS: Record<string, [string, string]> = {
  km: ['kilometer', 'kilometers'], 'km/h': ['kilometer per hour', 'kilometers per hour'],
  kph: ['kilometer per hour', 'kilometers per hour'], mph: ['mile per hour', 'miles per hour'],
  cm: ['centimeter', 'centimeters'], mm: ['millimeter', 'millimeters'], kg: ['kilogram', 'kilograms'],
  mg: ['milligram', 'milligrams'], lb: ['pound', 'pounds'], lbs: ['pound', 'pounds'], oz: ['ounce', 'ounces'],
  ft: ['foot', 'feet'], mi: ['mile', 'miles'], KB: ['kilobyte', 'kilobytes'], MB: ['megabyte', 'megabytes'],
  GB: ['gigabyte', 'gigabytes'], TB: ['terabyte', 'terabytes'], ms: ['millisecond', 'milliseconds'],
  sec: ['second', 'seconds'], secs: ['second', 'seconds'], min: ['minute', 'minutes'], mins: ['minute', 'minutes'],
  hr: ['hour', 'hours'], hrs: ['hour', 'hours'], GHz: ['gigahertz', 'gigahertz'], MHz: ['megahertz', 'megahertz'],
  kW: ['kilowatt', 'kilowatts'], kWh: ['kilowatt hour', 'kilowatt hours'],
  W: ['watt', 'watts'], MW: ['megawatt', 'megawatts'], GW: ['gigawatt', 'gigawatts'],
  MWh: ['megawatt hour', 'megawatt hours'], GWh: ['gigawatt hour', 'gigawatt hours'], TWh: ['terawatt hour', 'terawatt hours'],
  mAh: ['milliamp hour', 'milliamp hours'], V: ['volt', 'volts'], Hz: ['hertz', 'hertz'], kHz: ['kilohertz', 'kilohertz'],
  PB: ['petabyte', 'petabytes'], Mbps: ['megabit per second', 'megabits per second'],
  Gbps: ['gigabit per second', 'gigabits per second'], 'm/s': ['meter per second', 'meters per second'],
  'lb-ft': ['pound-foot', 'pound-feet'], Nm: ['newton meter', 'newton meters'], hp: ['horsepower', 'horsepower'],
  mpg: ['mile per gallon', 'miles per gallon'], rpm: ['revolution per minute', 'revolutions per minute'],
  psi: ['pound per square inch', 'pounds per square inch'], px: ['pixel', 'pixels'], fps: ['frame per second', 'frames per second'],
  mL: ['milliliter', 'milliliters'], ml: ['milliliter', 'milliliters'], nm: ['nanometer', 'nanometers'],
  yd: ['yard', 'yards'], gal: ['gallon', 'gallons'], kcal: ['kilocalorie', 'kilocalories'],
  'sq ft': ['square foot', 'square feet'], 'km²': ['square kilometer', 'square kilometers'], 'm²': ['square meter', 'square meters'],
};
const UNIT_PATTERN = new RegExp(
  `\\b(\\d+(?:[.,]\\d+){0,6})\\s?(${Object.keys(UNITS).sort((a, b) => b.length - a.length).map((u) => u.replace('/', '\\/')).join('|')})(?![\\w/])`,
  'g',
);

/** Percentages, ranges, units, and "10k" / "5M" shorthand. */
function replaceQuantities(text: string): string {
  return text
    .replace(/(\d)\s?(?:-|–|—|to)\s?(\d+(?:\.\d+)?)\s?%/g, '$1 to $2 percent')
    .replace(/(\d)\s?%/g, '$1 percent')
    .replace(UNIT_PATTERN, (_, n: string, unit: string) => `${n} ${plural(n, ...UNITS[unit]!)}`)
    .replace(/\b(\d+(?:\.\d+)?)(k|M|bn|B)\b/g, (_, n: string, m: string) => `${n} ${MAGNITUDES[m.toLowerCase()]}`);
}

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

function replaceOrdinalsAndYears(text: string): string {
  return text
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
    .replace(/(\d)\s?–\s?(?=\d)/g, '$1 to ');
}

// Kings, queens and popes are "the Second"; wars, chapters and sequels are "two".
const REGNAL_NAMES =
  'Elizabeth|Henry|Louis|Charles|George|Edward|William|James|John|Paul|Pius|Benedict|Leo|Gregory|Richard|Philip|' +
  'Frederick|Nicholas|Peter|Catherine|Mary|Anne|Alexander|Ramesses|Wilhelm|Ferdinand|Constantine|Ludwig|Napoleon|' +
  'Innocent|Clement|Urban|Felipe|Carlos|Alfonso|Gustav|Christian|Olaf|Harald|Willem|Leopold|Albert|Francis|Victor|' +
  'Emmanuel|Umberto|Rudolf|Otto|Isabella|Stephen|David|Robert|Rama|Ivan|Selim|Mehmed|Abdullah|Hussein|King|Queen|Pope';
const NUMBERED_WORDS =
  'World War|Chapter|Part|Volume|Vol\\.|Book|Act|Scene|Phase|Section|Article|Title|Episode|Season|Round|Stage|Level|' +
  'Class|Type|Grade|Category|Schedule|Appendix|Annex|Psalm|Canto|Bowl|Apollo|Mark|Division|Tier|Step|Lesson|Unit';
// The numeral ends the word: not "Iv" in "Ivan", not "I'm"; "Elizabeth II's" is a possessive.
const ROMAN_END = "(?![\\p{L}\\d]|['’](?!s\\b))";
// A lone "I" is a numeral only when no lower-case word follows it ("Henry I went" is a pronoun).
const LONE_I = `I${ROMAN_END}(?!\\s\\p{Ll})`;
const REGNAL = new RegExp(`\\b(${REGNAL_NAMES}) ([IVX]{2,7}${ROMAN_END}|[VX]${ROMAN_END}|${LONE_I})`, 'gu');
const NUMBERED = new RegExp(`\\b(${NUMBERED_WORDS}) ([IVXLC]{2,9}${ROMAN_END}|[VXLC]${ROMAN_END}|${LONE_I})`, 'gu');
// After any other capitalised word a numeral of two or more letters up to 39 ("Rocky II", "Title IX").
const OTHER_NUMERAL = new RegExp(`\\b(\\p{Lu}\\p{Ll}{1,20}) ([IVX]{2,6})${ROMAN_END}`, 'gu');

function romanWords(match: string, word: string, numeral: string, regnal: boolean): string {
  const value = romanValue(numeral);
  if (value === undefined) return match;
  return regnal ? `${word} the ${ordinalWords(value).replace(/^\w/, (c) => c.toUpperCase())}` : `${word} ${cardinalWords(value)}`;
}

// Words before a number that names a thing rather than counts: "Bug 1553982" is read digit by digit.
// Nouns that also start ordinary phrases ("in case 20000 people come") count only when capitalised.
const ID_CUES =
  '[Bb]ug|[Ii]ssue|[Tt]icket|PR|ID|[Pp]atent|[Ii]nvoice|[Ss]erial|[Cc]ommit|Order|Case|Flight|Build|Account|Number|No\\.|#';
const ID_AFTER_CUE = new RegExp(`(?<![\\w#])(${ID_CUES})(\\s?#?\\s?)(\\d{5,40})(?![\\d.,]\\d)`, 'g');

/** Version numbers, IDs and Roman numerals: numbers that are names, read as such. */
function replaceNamedNumbers(text: string): string {
  return text
    // v2.3.1, version 10.15, 1.2.3: each part on its own, "point" between
    .replace(/\b(?:(version)\s?v?|v)(\d{1,6}(?:\.\d{1,6}){1,4})\b/gi, (_, word: string | undefined, parts: string) =>
      `${word ?? 'version'} ${parts.split('.').map((p) => cardinalOf(p, 'en')).join(' point ')}`)
    .replace(/(?<![\d.])\b(\d{1,6}(?:\.\d{1,6}){2,4})\b(?!\.\d)/g, (_, parts: string) =>
      parts.split('.').map((p) => cardinalOf(p, 'en')).join(' point '))
    .replace(ID_AFTER_CUE, (_, cue: string, between: string, digits: string) =>
      `${cue === '#' || cue === 'No.' ? 'number' : cue} ${between.includes('#') && cue !== '#' ? 'number ' : ''}${digitWords(digits, 'en')}`)
    .replace(/\bWorld War I\b(?!['’])/g, 'World War one')
    .replace(REGNAL, (all, word: string, numeral: string) => romanWords(all, word, numeral, true))
    .replace(NUMBERED, (all, word: string, numeral: string) => romanWords(all, word, numeral, false))
    .replace(OTHER_NUMERAL, (all, word: string, numeral: string) => romanWords(all, word, numeral, false));
}

// Special readings of a slash between numbers.
const SLASHED: Record<string, string> = { '24/7': 'twenty-four seven', '9/11': 'nine eleven', '50/50': 'fifty-fifty' };

/** 3/4 → "three quarters", 29/32 → "29 out of 32". */
function fractionWords(all: string, a: string, b: string): string {
  if (SLASHED[all]) return SLASHED[all];
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
function replaceScoresAndFractions(text: string): string {
  return text
    .replace(/(\d)-(for|in|to|of|on|by|and)-(?=\d)/g, '$1 $2 ')
    // 555-123-4567: three or more groups are a phone number or a code, read digit by digit
    .replace(/(?<![\d.,-])\d{2,5}(?:-\d{2,5}){2,4}(?![\d-])/g, (code: string) =>
      code.split('-').map((group) => digitWords(group, 'en')).join(', '))
    // a dash between two numbers; not a third part (a phone number, a code) nor a date's
    .replace(/(?<![\d.,:/-])(\d{1,9}(?:\.\d{1,6})?)(?:\s?[-–]\s?|\s—\s)(\d{1,9}(?:\.\d{1,6})?)(?![\d.,:/-]?\d)/g, '$1 to $2')
    .replace(/(?<![\d./])(\d{1,6})\/(\d{1,6})(?![\d/])/g, (all, a: string, b: string) => fractionWords(all, a, b))
    .replace(/(\p{L})-(?=\d)/gu, '$1 ')
    .replace(/(\d)-(?=\p{L})/gu, '$1 ');
}

/**
 * The numbers still written as digits, as words: "1,250" → "one thousand two hundred fifty", "3.5" →
 * "three point five", "-5" → "minus five", "4K" → "four K".
 */
function numbersToWords(text: string): string {
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

/** A screen or paper size reads its four-digit numbers in pairs: 1920 → "nineteen twenty". */
function sizeWords(size: string): string {
  return /^[1-9]\d{3}$/.test(size) && !size.endsWith('000') ? yearWords(Number(size)) : size;
}

const ABBREVIATIONS: Array<[RegExp, string | ((match: string) => string)]> = [
  [/\be\.g\.,?/gi, 'for example,'],
  [/\bi\.e\.,?/gi, 'that is,'],
  [/\betc\.(?=\s+[A-Z]|\s*$)/g, 'et cetera.'],
  [/\betc\./g, 'et cetera'],
  [/\bvs\.?(?=\s)/gi, 'versus'],
  [/\bapprox\.(?=\s)/gi, 'approximately'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bDr\.(?=\s+[A-Z])/g, 'Doctor'],
  [/\bProf\.(?=\s+[A-Z])/g, 'Professor'],
  [/\bSt\.(?=\s+[A-Z])/g, 'Saint'],
  [/\bMt\.(?=\s+[A-Z])/g, 'Mount'],
  [/\bJr\.(?=,|\s+[a-z])/g, 'Junior'],
  [/\bSr\.(?=,|\s+[a-z])/g, 'Senior'],
  [/\bJr\./g, 'Junior.'],
  [/\bSr\./g, 'Senior.'],
  [/\b(?:No|Nr)\.\s?(?=\d)/g, 'number '],
  [/\b[Vv]ol\.\s?(?=\d)/g, 'volume '],
  [/\bpp\.\s?(?=\d)/g, 'pages '],
  [/\bp\.\s?(?=\d)/g, 'page '],
  [/\b[Cc]h\.\s?(?=\d)/g, 'chapter '],
  [/#(?=\d)/g, 'number '],
  [/\bFig\.\s?(?=\d)/gi, 'figure '],
  [/\bU\.S\.A\./g, 'USA'],
  // "U.S. Customs" goes on; "in the U.S. Then" ends: the full stop stays only before a word that opens a sentence
  [new RegExp(`\\b([A-Z])\\.([A-Z])\\.(?=\\s+(?:${SENTENCE_OPENER_PATTERN})\\b|\\s*$)`, 'g'), '$1$2.'],
  [/\b([A-Z])\.([A-Z])\.(?=[\s,;:)])/g, '$1$2'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\band\/or\b/gi, 'and or'],
  [/\s&\s/g, ' and '],
  [/(\w)&(\w)/g, '$1 and $2'],
  // 1800 x 1920, 3x3x3: dimensions; 9x, ~2.5x: multipliers
  [/(?<![\d.])\d{1,6}(?:\s?[x×]\s?\d{1,6}){1,3}(?!\d|\.\d)/g, (sizes: string) =>
    sizes.split(/\s?[x×]\s?/).map(sizeWords).join(' by ')],
  [/(?<![\w.])(\d{1,9}(?:\.\d{1,6})?)\s?[x×](?![\p{L}\d])/gu, '$1 times'],
  [/(^|\s)<\s?(?=\d)/g, '$1less than '],
  [/(^|\s)>\s?(?=\d)/g, '$1more than '],
  [/\s\+\s/g, ' plus '],
  [/\s=\s/g, ' equals '],
  [/±\s?/g, 'plus or minus '],
  [/~\s?(?=\d)/g, 'about '],
  [/≈\s?/g, 'about '],
];

function replaceAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((out, [pattern, words]) =>
    (typeof words === 'string' ? out.replace(pattern, words) : out.replace(pattern, words)), text);
}

const ENTITIES: Record<string, string> = {
  nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", shy: '',
  ndash: '–', mdash: '—', minus: '−', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«',
  raquo: '»', copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', times: '×',
  middot: '·', bull: '•', frac12: '½', frac14: '¼', frac34: '¾',
};

/** HTML entities that leaked into the text ("&nbsp;", "&amp;", "&#8217;") become the characters they name. */
function decodeEntities(text: string): string {
  return text.replace(/&amp;(?=#?\w{1,8};)/g, '&').replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z][a-z\d]{1,7}));/gi,
    (all, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name) return ENTITIES[name.toLowerCase()] ?? all;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    });
}

/** Collapses spaces, mends punctuation left behind, and ends every line as a sentence so headings pause. */
function tidy(text: string): string {
  return text
    .replace(/[—―]/g, ', ')
    // a spaced dash between words is a pause, not a range
    .replace(/(?<!\d)[ \t]+[–-][ \t]+(?!\d)/g, ', ')
    .replace(/…/g, '...')
    .replace(/[_|\\^<>{}]/g, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .replace(/\s+([.,;:!?)\]])/g, '$1')
        .replace(/([([])\s+/g, '$1')
        .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
        .replace(/[,;:]+(?=[)\]])/g, '')
        .replace(/^[\s,;:.]+/, '')
        .replace(/[\s,;:]+$/, '')
        .trim(),
    )
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .map((line) => (/[.!?…"'”’»)؟。！？]$/.test(line) ? line : `${line}.`))
    .join('\n');
}

/**
 * Rewrites a podcast script so a speech engine reads it naturally, in the script's language (ISO
 * 639-1, English when not given): links keep their text and addresses are read, emoji and decorative
 * symbols go, HTML entities become their characters, money ("$7.99" → "seven dollars and ninety-nine
 * cents"), percentages, units, dates, times, scores, fractions, ordinals, years and every other number
 * become words, IDs are read digit by digit, common abbreviations are expanded. German, French and
 * Spanish have their own words (speech-languages.ts); any other language keeps its numbers and symbols
 * as written, which a voice of that language reads. One paragraph per line; every line ends as a sentence. Pure.
 */
export function prepareSpeechText(text: string, language = 'en'): string {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] || 'en';
  let out = removeUnspeakable(decodeEntities(text).normalize('NFC'), base);
  if (base !== 'en') return tidy(isSpeechLanguage(base) ? localSpeechText(out, base) : out);
  out = replaceNamedNumbers(out);
  out = replaceDegrees(out);
  out = replaceDates(out);
  out = replaceTimes(out);
  out = replaceMoney(out);
  out = replaceQuantities(out);
  out = replaceOrdinalsAndYears(out);
  out = replaceScoresAndFractions(out);
  out = replaceAbbreviations(out);
  out = numbersToWords(out);
  return tidy(out);
}
