/**
 * Voice preparation for German, French and Spanish articles: money, percentages, times, dates,
 * ordinals, units and common abbreviations become words of the article's language. Plain numbers
 * and years stay digits: a voice of the language reads those well ("2024" → "zweitausendvierundzwanzig").
 * English has its own, richer rules in prepare-speech-text.ts; any other language is left as written.
 */

export type SpeechLanguage = 'de' | 'fr' | 'es';

/** Whether these rules cover a language (its ISO 639-1 code). */
export function isSpeechLanguage(language: string): language is SpeechLanguage {
  return language === 'de' || language === 'fr' || language === 'es';
}

// ── Number words (ordinals up to 99: days of the month, centuries, places) ──

const DE_ONES = [
  'null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf',
  'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn',
];
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];

/** 21 → "einundzwanzig" (0–99). */
export function germanCardinal(n: number): string {
  if (n < 20) return DE_ONES[n]!;
  const unit = n % 10;
  return `${unit ? `${unit === 1 ? 'ein' : DE_ONES[unit]}und` : ''}${DE_TENS[Math.floor(n / 10)]}`;
}

/** 3 → "dritte", with `ending` 'e' (der dritte), 'en' (am dritten) or 'er' (dritter Oktober). 1–99. */
export function germanOrdinal(n: number, ending: 'e' | 'en' | 'er' = 'e'): string {
  const special: Record<number, string> = { 1: 'erst', 3: 'dritt', 7: 'siebt', 8: 'acht' };
  const stem = special[n] ?? (n < 20 ? `${DE_ONES[n]}t` : `${germanCardinal(n)}st`);
  return stem + ending;
}

const FR_ONES = [
  'zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze',
  'treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf',
];
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 71 → "soixante et onze" (0–99). */
export function frenchCardinal(n: number): string {
  if (n < 20) return FR_ONES[n]!;
  if (n < 70) {
    const unit = n % 10;
    const tens = FR_TENS[Math.floor(n / 10)]!;
    return unit === 0 ? tens : unit === 1 ? `${tens} et un` : `${tens}-${FR_ONES[unit]}`;
  }
  if (n < 80) return n === 71 ? 'soixante et onze' : `soixante-${FR_ONES[n - 60]}`;
  return n === 80 ? 'quatre-vingts' : `quatre-vingt-${FR_ONES[n - 80]}`;
}

/** 2 → "deuxième", 1 → "premier" ("première" when feminine). 1–99. */
export function frenchOrdinal(n: number, feminine = false): string {
  if (n === 1) return feminine ? 'première' : 'premier';
  const words = frenchCardinal(n);
  return words.replace(/[a-zé]+$/, (last) => {
    if (last === 'cinq') return 'cinquième';
    if (last === 'neuf') return 'neuvième';
    if (last === 'vingts') return 'vingtième';
    return `${last.endsWith('e') ? last.slice(0, -1) : last}ième`;
  });
}

const ES_ORDINALS = ['', 'primero', 'segundo', 'tercero', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];

/** 3 → "tercero" ("tercera" when feminine). 1–10; larger numbers stay digits. */
export function spanishOrdinal(n: number, feminine = false): string {
  const word = ES_ORDINALS[n];
  if (!word) return String(n);
  return feminine ? `${word.slice(0, -1)}a` : word;
}

// ── Words of each language ──

interface Currency {
  one: string;
  many: string;
}

interface Lexicon {
  months: string[];
  percent: string;
  /** Between the two ends of a range of numbers. */
  to: string;
  and: string;
  degrees: string;
  currencies: Record<string, Currency>;
  /** "9 Mrd." → "9 Milliarden"; keys are lower case. */
  magnitudes: Record<string, string>;
  /** How an amount with a magnitude names its currency: "Milliarden Dollar", "milliards de dollars". */
  magnitudeOf: string;
  /** "9,99 €" → "9 Euro 99": the word between the whole amount and the cents ('' for none). */
  centsJoin: string;
  units: Record<string, [string, string]>;
  time(hour: number, minute: number): string;
  date(day: number, month: number, year: number | undefined): string;
  abbreviations: Array<[RegExp, string]>;
}

const SHARED_UNITS = (kilometer: [string, string], perHour: string): Record<string, [string, string]> => ({
  km: kilometer,
  'km/h': [`${kilometer[0]} ${perHour}`, `${kilometer[1]} ${perHour}`],
});

const LEXICONS: Record<SpeechLanguage, Lexicon> = {
  de: {
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    percent: 'Prozent',
    to: 'bis',
    and: 'und',
    degrees: 'Grad',
    currencies: {
      $: { one: 'Dollar', many: 'Dollar' }, '€': { one: 'Euro', many: 'Euro' }, '£': { one: 'Pfund', many: 'Pfund' },
      '¥': { one: 'Yen', many: 'Yen' }, '₹': { one: 'Rupie', many: 'Rupien' }, '₣': { one: 'Franken', many: 'Franken' },
    },
    magnitudes: {
      'tsd.': 'Tausend', tausend: 'Tausend', 'mio.': 'Millionen', mio: 'Millionen', millionen: 'Millionen', million: 'Million',
      'mrd.': 'Milliarden', mrd: 'Milliarden', milliarden: 'Milliarden', milliarde: 'Milliarde', 'bio.': 'Billionen', billionen: 'Billionen',
    },
    magnitudeOf: '',
    centsJoin: '',
    units: {
      ...SHARED_UNITS(['Kilometer', 'Kilometer'], 'pro Stunde'),
      kg: ['Kilogramm', 'Kilogramm'], cm: ['Zentimeter', 'Zentimeter'], mm: ['Millimeter', 'Millimeter'],
      KB: ['Kilobyte', 'Kilobyte'], MB: ['Megabyte', 'Megabyte'], GB: ['Gigabyte', 'Gigabyte'], TB: ['Terabyte', 'Terabyte'],
      kW: ['Kilowatt', 'Kilowatt'], kWh: ['Kilowattstunde', 'Kilowattstunden'], Std: ['Stunde', 'Stunden'],
      Min: ['Minute', 'Minuten'], Sek: ['Sekunde', 'Sekunden'],
    },
    time: (h, m) => (m === 0 ? `${h} Uhr` : `${h} Uhr ${m}`),
    date: (d, m, y) => `${d}. ${LEXICONS.de.months[m - 1]}${y === undefined ? '' : ` ${y}`}`,
    abbreviations: [
      [/\bz\.\s?B\./g, 'zum Beispiel'],
      [/\bd\.\s?h\./g, 'das heißt'],
      [/\bu\.\s?a\./g, 'unter anderem'],
      [/\busw\./g, 'und so weiter'],
      [/\bbzw\./g, 'beziehungsweise'],
      [/\bca\.(?=\s)/g, 'circa'],
      [/\bNr\.\s?(?=\d)/g, 'Nummer '],
      [/\bDr\.(?=\s+\p{Lu})/gu, 'Doktor'],
      [/\bProf\.(?=\s+\p{Lu})/gu, 'Professor'],
      [/\bSt\.(?=\s+\p{Lu})/gu, 'Sankt'],
      [/\bv\.\s?Chr\./g, 'vor Christus'],
      [/\bn\.\s?Chr\./g, 'nach Christus'],
    ],
  },
  fr: {
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    percent: 'pour cent',
    to: 'à',
    and: 'et',
    degrees: 'degrés',
    currencies: {
      $: { one: 'dollar', many: 'dollars' }, '€': { one: 'euro', many: 'euros' }, '£': { one: 'livre', many: 'livres' },
      '¥': { one: 'yen', many: 'yens' }, '₹': { one: 'roupie', many: 'roupies' }, '₣': { one: 'franc', many: 'francs' },
    },
    magnitudes: {
      k: 'mille', md: 'milliards', mds: 'milliards', mrd: 'milliards', milliard: 'milliard', milliards: 'milliards',
      m: 'millions', mn: 'millions', million: 'million', millions: 'millions',
    },
    magnitudeOf: 'de',
    centsJoin: '',
    units: {
      ...SHARED_UNITS(['kilomètre', 'kilomètres'], 'par heure'),
      kg: ['kilogramme', 'kilogrammes'], cm: ['centimètre', 'centimètres'], mm: ['millimètre', 'millimètres'],
      Ko: ['kilo-octet', 'kilo-octets'], Mo: ['mégaoctet', 'mégaoctets'], Go: ['gigaoctet', 'gigaoctets'], To: ['téraoctet', 'téraoctets'],
      kW: ['kilowatt', 'kilowatts'], kWh: ['kilowattheure', 'kilowattheures'],
    },
    time: (h, m) => `${h} ${h > 1 ? 'heures' : 'heure'}${m === 0 ? '' : ` ${m}`}`,
    date: (d, m, y) => `${d === 1 ? 'premier' : d} ${LEXICONS.fr.months[m - 1]}${y === undefined ? '' : ` ${y}`}`,
    abbreviations: [
      [/\bp\.\s?ex\./g, 'par exemple'],
      [/\betc\.(?=\s+\p{Lu}|\s*$)/gu, 'et cetera.'],
      [/\betc\./g, 'et cetera'],
      [/\bM\.(?=\s+\p{Lu})/gu, 'Monsieur'],
      [/\bMme(?=\s+\p{Lu})/gu, 'Madame'],
      [/\bMlle(?=\s+\p{Lu})/gu, 'Mademoiselle'],
      [/\bDr(?=\s+\p{Lu})/gu, 'Docteur'],
      [/\bn[°o]\s?(?=\d)/g, 'numéro '],
      [/\bav\.\s?J\.-C\./g, 'avant Jésus-Christ'],
      [/\bapr\.\s?J\.-C\./g, 'après Jésus-Christ'],
    ],
  },
  es: {
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    percent: 'por ciento',
    to: 'a',
    and: 'y',
    degrees: 'grados',
    currencies: {
      $: { one: 'dólar', many: 'dólares' }, '€': { one: 'euro', many: 'euros' }, '£': { one: 'libra', many: 'libras' },
      '¥': { one: 'yen', many: 'yenes' }, '₹': { one: 'rupia', many: 'rupias' },
    },
    magnitudes: {
      mil: 'mil', m: 'millones', mm: 'mil millones', millón: 'millón', millones: 'millones', 'mil millones': 'mil millones',
    },
    magnitudeOf: 'de',
    centsJoin: 'con',
    units: {
      ...SHARED_UNITS(['kilómetro', 'kilómetros'], 'por hora'),
      kg: ['kilogramo', 'kilogramos'], cm: ['centímetro', 'centímetros'], mm: ['milímetro', 'milímetros'],
      KB: ['kilobyte', 'kilobytes'], MB: ['megabyte', 'megabytes'], GB: ['gigabyte', 'gigabytes'], TB: ['terabyte', 'terabytes'],
      kW: ['kilovatio', 'kilovatios'], kWh: ['kilovatio hora', 'kilovatios hora'],
    },
    time: (h, m) => (m === 0 ? `${h} en punto` : `${h} y ${m}`),
    date: (d, m, y) => `${d === 1 ? 'primero' : d} de ${LEXICONS.es.months[m - 1]}${y === undefined ? '' : ` de ${y}`}`,
    abbreviations: [
      [/\bp\.\s?ej\./g, 'por ejemplo'],
      [/\betc\.(?=\s+\p{Lu}|\s*$)/gu, 'etcétera.'],
      [/\betc\./g, 'etcétera'],
      [/\bSr\.(?=\s+\p{Lu})/gu, 'señor'],
      [/\bSra\.(?=\s+\p{Lu})/gu, 'señora'],
      [/\bDr\.(?=\s+\p{Lu})/gu, 'doctor'],
      [/\bDra\.(?=\s+\p{Lu})/gu, 'doctora'],
      [/\bnúm\.\s?(?=\d)/g, 'número '],
      [/\bEE\.\s?UU\./g, 'Estados Unidos'],
      [/\ba\.\s?C\./g, 'antes de Cristo'],
      [/\bd\.\s?C\./g, 'después de Cristo'],
    ],
  },
};

// Every pattern here runs on untrusted text of up to 200,000 characters: repetitions are bounded and
// no two quantifiers compete for the same characters.

// An amount as these languages write it: 1.000.000 or 1 000 000 (thin or no-break spaces too) or
// 1000, then an optional decimal part after a comma (or a dot, as an English source may have it).
const AMOUNT = String.raw`(\d{1,3}(?:[.\u00A0\u202F ]\d{3}){1,5}|\d{1,12})(?:[,.](\d{1,2})(?!\d))?`;
const SYMBOLS = '[$€£¥₹₣]';

/** The word for a magnitude written after an amount, if that is one of this language's. */
function magnitudeWord(lex: Lexicon, written: string | undefined): string | undefined {
  return written ? lex.magnitudes[written.toLowerCase()] : undefined;
}

function moneyWords(lex: Lexicon, symbol: string, whole: string, cents: string | undefined, magnitude: string | undefined): string {
  const currency = lex.currencies[symbol]!;
  const big = magnitudeWord(lex, magnitude);
  if (big) {
    const amount = cents ? `${whole},${cents}` : whole;
    const of = !lex.magnitudeOf ? '' : lex.magnitudeOf === 'de' && /^[aeiouéè]/i.test(currency.many) ? "d'" : `${lex.magnitudeOf} `;
    return `${amount} ${big} ${of}${currency.many}`;
  }
  const name = whole === '1' ? currency.one : currency.many;
  if (!cents || /^0+$/.test(cents)) return `${whole} ${name}`;
  const centAmount = String(Number(cents.length === 1 ? `${cents}0` : cents));
  return `${whole} ${name} ${lex.centsJoin ? `${lex.centsJoin} ` : ''}${centAmount}`;
}

function replaceMoney(text: string, lex: Lexicon): string {
  const magnitudes = Object.keys(lex.magnitudes)
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/\./g, '\\.'))
    .join('|');
  const after = `(?:\\s?(${magnitudes})(?![\\p{L}]))?`;
  // "$9 Mrd. Der": the abbreviation's dot also ended the sentence, so it stays as a full stop.
  const stop = (magnitude: string | undefined, rest: string) => (magnitude?.endsWith('.') && /^(?:\s+\p{Lu}|\s*$)/u.test(rest) ? '.' : '');
  return text
    // 9,99 € / 9 Mrd. € / 1.000 $
    .replace(new RegExp(`${AMOUNT}${after}\\s?(${SYMBOLS})`, 'giu'), (_, whole: string, cents?: string, magnitude?: string, symbol?: string) =>
      moneyWords(lex, symbol!, whole, cents, magnitude))
    // $9 / €9,99 / $9 Mrd.
    .replace(new RegExp(`(${SYMBOLS})\\s?${AMOUNT}${after}`, 'giu'), (all: string, symbol: string, whole: string, cents: string | undefined, magnitude: string | undefined, offset: number, input: string) =>
      moneyWords(lex, symbol, whole, cents, magnitude) + stop(magnitude, input.slice(offset + all.length)));
}

function replaceDatesAndTimes(text: string, lex: Lexicon, language: SpeechLanguage): string {
  let out = text
    // 2024-03-15
    .replace(/\b(1\d{3}|2\d{3})-(\d{2})-(\d{2})\b/g, (all, y: string, m: string, d: string) =>
      Number(m) >= 1 && Number(m) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? lex.date(Number(d), Number(m), Number(y)) : all)
    // 15.03.2024 or 15/03/2024: the day first in these languages
    .replace(/\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g, (all, d: string, m: string, y: string) =>
      Number(m) >= 1 && Number(m) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? lex.date(Number(d), Number(m), Number(y)) : all);
  // Times: 16:30, 04:05 Uhr, 16.30 Uhr, 16h30, 16 h
  if (language === 'de') {
    out = out.replace(/(?<![\d:.])\b([01]?\d|2[0-3])[:.]([0-5]\d)\s?Uhr\b/g, (_, h: string, m: string) => lex.time(Number(h), Number(m)));
  }
  if (language === 'fr') {
    out = out.replace(/(?<![\d:])\b([01]?\d|2[0-3])\s?h\s?([0-5]\d)?(?![\p{L}\d])/gu, (_, h: string, m?: string) => lex.time(Number(h), Number(m ?? 0)));
  }
  if (language === 'es') {
    out = out.replace(/(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)\s?([ap])\.?\s?m\.?(?!\p{L})/giu, (_, h: string, m: string, ap: string) =>
      `${lex.time(Number(h), Number(m))} ${ap.toLowerCase() === 'a' ? 'de la mañana' : 'de la tarde'}`);
  }
  return out.replace(/(?<![\d:])\b([01]?\d|2[0-3]):([0-5]\d)(?!:?\d)/g, (_, h: string, m: string) => lex.time(Number(h), Number(m)));
}

/** Words before a German ordinal that take the -en ending (am dritten, im 21. Jahrhundert → im einundzwanzigsten). */
const DE_DATIVE = /(?:^|\s)(?:am|im|vom|zum|beim|dem|den|des|seit|bis|ab)\s$/i;

function replaceOrdinals(text: string, lex: Lexicon, language: SpeechLanguage): string {
  if (language === 'de') {
    // "15. März", "im 21. Jahrhundert", "der 3. Platz": a number with a dot before a capitalised word.
    return text.replace(/(?<![\d.,])\b([1-9]\d?)\.(?=\s+\p{Lu})/gu, (all, n: string, offset: number, whole: string) => {
      const before = whole.slice(Math.max(0, offset - 8), offset);
      const next = /^\.\s+(\p{Lu}\p{L}*)/u.exec(whole.slice(offset + n.length))?.[1] ?? '';
      const isDate = lex.months.includes(next);
      const afterArticle = /(?:^|\s)(?:der|die|das|am|im|vom|zum|beim|dem|den|des|seit|bis|ab)\s$/i.test(before);
      if (!isDate && !afterArticle) return all; // a sentence that ends in a number
      return germanOrdinal(Number(n), DE_DATIVE.test(before) ? 'en' : afterArticle ? 'e' : 'er');
    });
  }
  if (language === 'fr') {
    return text
      .replace(/\b1(er|re)\b/g, (_, suffix: string) => frenchOrdinal(1, suffix === 're'))
      .replace(/\b([1-9]\d?)(?:e|ème|è)(?![\p{L}])/gu, (_, n: string) => frenchOrdinal(Number(n)));
  }
  return text.replace(/\b([1-9]|10)\.?\s?([ºª°])(?!\d)/g, (_, n: string, mark: string) => spanishOrdinal(Number(n), mark === 'ª'));
}

function replaceQuantities(text: string, lex: Lexicon): string {
  const units = Object.keys(lex.units)
    .sort((a, b) => b.length - a.length)
    .map((u) => u.replace('/', '\\/'))
    .join('|');
  return text
    .replace(/(\d)\s?(?:-|–|—)\s?(\d+(?:[.,]\d+)?)\s?%/g, `$1 ${lex.to} $2 ${lex.percent}`)
    .replace(/(\d)\s?%/g, `$1 ${lex.percent}`)
    .replace(/°\s?([CF])\b/g, (_, unit: string) => ` ${lex.degrees} ${unit === 'C' ? 'Celsius' : 'Fahrenheit'}`)
    .replace(/(\d)\s?°/g, `$1 ${lex.degrees}`)
    .replace(new RegExp(`\\b(\\d+(?:[.,]\\d+)?)\\s?(${units})(?![\\p{L}/])`, 'gu'), (_, n: string, unit: string) =>
      `${n} ${n === '1' ? lex.units[unit]![0] : lex.units[unit]![1]}`)
    .replace(/(\d)\s?–\s?(?=\d)/g, `$1 ${lex.to} `);
}

/** German, French or Spanish: the article's numbers, money, dates and times as words of its language. */
export function localSpeechText(text: string, language: SpeechLanguage): string {
  const lex = LEXICONS[language];
  let out = replaceDatesAndTimes(text, lex, language);
  out = replaceMoney(out, lex);
  out = replaceQuantities(out, lex);
  out = replaceOrdinals(out, lex, language);
  out = lex.abbreviations.reduce((acc, [pattern, words]) => acc.replace(pattern, words), out);
  return out.replace(/\s&\s/g, ` ${lex.and} `);
}
