/**
 * Text preparation for the voice. Speech engines read what they are given literally: espeak-ng spells
 * an address out letter by letter, reads 🎧 as "headphone", "$7.99" as "dollar seven point nine nine"
 * and "10:00" as "ten zero zero". This step rewrites the script into words any engine reads the way a
 * person would, and leaves plain numbers as digits (every engine reads those well).
 *
 * Order matters: links and symbols first, then dates and times (they contain numbers), then money,
 * percentages and units, then ordinals and years, then abbreviations, then tidying.
 */
import { linksToText } from './prepare-script-text.ts';
import { isSpeechLanguage, localSpeechText } from './speech-languages.ts';

const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

/** 123 → "one hundred twenty-three" (American style, no "and"). Whole numbers below 10^15. */
export function cardinalWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
  if (n < 1000) {
    const rest = n % 100;
    return `${ONES[Math.floor(n / 100)]} hundred${rest ? ` ${cardinalWords(rest)}` : ''}`;
  }
  for (const [size, name] of SCALES) {
    if (n >= size) {
      const rest = n % size;
      return `${cardinalWords(Math.floor(n / size))} ${name}${rest ? ` ${cardinalWords(rest)}` : ''}`;
    }
  }
  return String(n);
}

const ORDINAL_EXCEPTIONS: Record<string, string> = {
  one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth',
};

/** 21 → "twenty-first". */
export function ordinalWords(n: number): string {
  const words = cardinalWords(n);
  return words.replace(/([a-z]+)$/, (last) => {
    if (ORDINAL_EXCEPTIONS[last]) return ORDINAL_EXCEPTIONS[last];
    if (last.endsWith('y')) return `${last.slice(0, -1)}ieth`;
    return `${last}th`;
  });
}

/** 1999 → "nineteen ninety-nine", 2005 → "two thousand five", 2024 → "twenty twenty-four", 1900 → "nineteen hundred". */
export function yearWords(year: number): string {
  if (year < 1000 || year > 9999) return cardinalWords(year);
  const century = Math.floor(year / 100);
  const rest = year % 100;
  if (year >= 2000 && year < 2010) return cardinalWords(year);
  if (rest === 0) return year % 1000 === 0 ? cardinalWords(year) : `${cardinalWords(century)} hundred`;
  return `${cardinalWords(century)} ${rest < 10 ? `oh ${ONES[rest]}` : cardinalWords(rest)}`;
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

// Addresses: with a scheme, or starting with www. Trailing sentence punctuation is not part of one.
const URL_PATTERN = /\b(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'()[\]]*[^\s<>"'()[\].,;:!?]/gi;
// example.com/some/path: the name is worth saying, the path is not.
const DOMAIN_PATH = /\b([\w-]{1,63}\.(?:com|org|net|io|dev|app|co|gov|edu|ai|uk|de|fr|info|news))\/[^\s<>"'()]*[^\s<>"'().,;:!?]/gi;
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

/** Links keep their text; addresses, emoji and decorative symbols go; markdown marks go. */
function removeUnspeakable(text: string): string {
  return linksToText(text)
    .replace(URL_PATTERN, '')
    .replace(DOMAIN_PATH, '$1')
    .replace(EMOJI, '')
    .replace(DECORATION, ' ')
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+](?=\s))[ \t]*/gm, '')
    .replace(/(\*\*|\*|`+)(?=\S)([^*`\n]*?\S)\1/g, '$2')
    // __bold__ on its own: content that may hold underscores let an unclosed one scan the whole line
    .replace(/__(?=\S)([^_*`\n]*?\S)__/g, '$1')
    .replace(/[*`]/g, '');
}

function replaceDates(text: string): string {
  return text
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

function replaceTimes(text: string): string {
  return text
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
      `${Number(h)}${meridiem(ap, whole.slice(offset + all.length))}`);
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
    .replace(/(^|\s)'(\d0)s\b/g, (_, space: string, d: string) => `${space}${decadeWords(1900 + Number(d)).split(' ')[1]}`)
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

const ABBREVIATIONS: Array<[RegExp, string]> = [
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
  [/#(?=\d)/g, 'number '],
  [/\bFig\.\s?(?=\d)/gi, 'figure '],
  [/\bU\.S\.A\./g, 'USA'],
  [/\b([A-Z])\.([A-Z])\.(?=\s+[A-Z]|\s*$)/g, '$1$2.'],
  [/\b([A-Z])\.([A-Z])\.(?=[\s,;:)])/g, '$1$2'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\band\/or\b/gi, 'and or'],
  [/\s&\s/g, ' and '],
  [/(\w)&(\w)/g, '$1 and $2'],
  [/\b([1-9]\d*)\s?[x×]\s?(\d+)\b/g, '$1 by $2'],
  [/(^|\s)<\s?(?=\d)/g, '$1less than '],
  [/(^|\s)>\s?(?=\d)/g, '$1more than '],
  [/\s\+\s/g, ' plus '],
  [/\s=\s/g, ' equals '],
  [/±\s?/g, 'plus or minus '],
  [/~\s?(?=\d)/g, 'about '],
  [/≈\s?/g, 'about '],
];

function replaceAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((out, [pattern, words]) => out.replace(pattern, words), text);
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
 * 639-1, English when not given): links keep their text and bare addresses go, emoji and decorative
 * symbols go, money ("$7.99" → "7 dollars and 99 cents"), percentages, units, dates, times, ordinals
 * and years become words, common abbreviations are expanded. German, French and Spanish have their
 * own words (speech-languages.ts); any other language keeps its numbers and symbols as written, which
 * a voice of that language reads. One paragraph per line; every line ends as a sentence. Pure.
 */
export function prepareSpeechText(text: string, language = 'en'): string {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] || 'en';
  let out = removeUnspeakable(text.normalize('NFC'));
  if (base !== 'en') return tidy(isSpeechLanguage(base) ? localSpeechText(out, base) : out);
  out = replaceDegrees(out);
  out = replaceDates(out);
  out = replaceTimes(out);
  out = replaceMoney(out);
  out = replaceQuantities(out);
  out = replaceOrdinalsAndYears(out);
  out = replaceAbbreviations(out);
  return tidy(out);
}
