/**
 * Fractions, mixed numbers and ratios in each language: "1 1/2 cups" → "one and a half cups", "3/4
 * cup" → "three quarters of a cup", "½" → "a half", French "1/2" → "un demi", German "1 1/2" →
 * "eineinhalb", "16:9" → "sixteen by nine", "a 3:1 ratio" → "three to one". Fractions with a
 * denominator past ten stay for each language's own rule ("29/32" → "29 out of 32").
 */
import { cardinalOf } from '../../speech-numbers.ts';
import type { ReadingLanguage } from '../language.ts';

interface FractionWords {
  /** Denominators 2–10: [one, many]. */
  names: Record<number, [string, string]>;
  /** A whole number and a half: "one and a half", "eineinhalb", "un et demi", "uno y medio". */
  mixed(whole: string, fraction: string): string;
  /** A whole number and a half before a measure, where the language puts the half after it: "une heure et demie". */
  mixedMeasure?(whole: string, fraction: string, unit: string): string | undefined;
  /** A fraction before a measure: "three quarters of a cup". */
  ofMeasure(fraction: string, unit: string): string;
  /** "1/2" on its own. */
  half: string;
  /** Between the sides of a ratio, and of a screen's aspect. */
  ratio: string;
  aspect: string;
}

const EN_VOWEL = /^[aeiou]/i;
const FR_FEMININE = /^(?:tasse|cuillère|heure)$/;

// Measures written short, as a fraction of one is said: "3/4 tsp" → "three quarters of a teaspoon".
const MEASURE_NAMES: Record<string, [string, string]> = {
  tsp: ['teaspoon', 'teaspoons'], tbsp: ['tablespoon', 'tablespoons'], oz: ['ounce', 'ounces'], lb: ['pound', 'pounds'],
  lbs: ['pound', 'pounds'], in: ['inch', 'inches'], ft: ['foot', 'feet'], mi: ['mile', 'miles'],
  TL: ['Teelöffel', 'Teelöffel'], EL: ['Esslöffel', 'Esslöffel'],
};

const WORDS: Record<ReadingLanguage, FractionWords> = {
  en: {
    names: { 2: ['half', 'halves'], 3: ['third', 'thirds'], 4: ['quarter', 'quarters'], 5: ['fifth', 'fifths'], 6: ['sixth', 'sixths'], 7: ['seventh', 'sevenths'], 8: ['eighth', 'eighths'], 9: ['ninth', 'ninths'], 10: ['tenth', 'tenths'] },
    mixed: (whole, fraction) => `${whole} and ${fraction.replace(/^one (?=half|third|quarter|\w+th\b)/, 'a ')}`,
    ofMeasure: (fraction, unit) => (/^one half$/.test(fraction) ? `half ${EN_VOWEL.test(unit) ? 'an' : 'a'} ${unit}` : `${fraction} of ${EN_VOWEL.test(unit) ? 'an' : 'a'} ${unit}`),
    half: 'one half',
    ratio: 'to',
    aspect: 'by',
  },
  de: {
    names: { 2: ['halb', 'halbe'], 3: ['Drittel', 'Drittel'], 4: ['Viertel', 'Viertel'], 5: ['Fünftel', 'Fünftel'], 6: ['Sechstel', 'Sechstel'], 7: ['Siebtel', 'Siebtel'], 8: ['Achtel', 'Achtel'], 9: ['Neuntel', 'Neuntel'], 10: ['Zehntel', 'Zehntel'] },
    mixed: (whole, fraction) => (fraction === 'ein halb' ? `${whole === 'eins' ? 'ein' : whole}einhalb` : `${whole} ${fraction}`),
    ofMeasure: (fraction, unit) => `${fraction} ${unit}`,
    half: 'ein halb',
    ratio: 'zu',
    aspect: 'zu',
  },
  fr: {
    names: { 2: ['demi', 'demis'], 3: ['tiers', 'tiers'], 4: ['quart', 'quarts'], 5: ['cinquième', 'cinquièmes'], 6: ['sixième', 'sixièmes'], 7: ['septième', 'septièmes'], 8: ['huitième', 'huitièmes'], 9: ['neuvième', 'neuvièmes'], 10: ['dixième', 'dixièmes'] },
    mixed: (whole, fraction) => `${whole} et ${fraction.replace(/^un /, '')}`,
    mixedMeasure: (whole, fraction, unit) => {
      if (fraction !== 'un demi') return undefined;
      const feminine = FR_FEMININE.test(unit);
      return `${whole === 'un' && feminine ? 'une' : whole} ${unit} et ${feminine ? 'demie' : 'demi'}`;
    },
    ofMeasure: (fraction, unit) =>
      fraction === 'un demi' ? `${FR_FEMININE.test(unit) ? 'une' : 'un'} demi-${unit}` : `${fraction} ${/^[aeiouéèh]/i.test(unit) ? "d'" : 'de '}${unit}`,
    half: 'un demi',
    ratio: 'contre',
    aspect: 'sur',
  },
  es: {
    names: { 2: ['medio', 'medios'], 3: ['tercio', 'tercios'], 4: ['cuarto', 'cuartos'], 5: ['quinto', 'quintos'], 6: ['sexto', 'sextos'], 7: ['séptimo', 'séptimos'], 8: ['octavo', 'octavos'], 9: ['noveno', 'novenos'], 10: ['décimo', 'décimos'] },
    mixed: (whole, fraction) => `${whole} y ${fraction.replace(/^un /, '')}`,
    mixedMeasure: (whole, fraction, unit) => {
      if (fraction !== 'un medio') return undefined;
      const feminine = /^(?:taza|cucharada|cucharadita|hora)s?$/.test(unit);
      return `${whole === 'uno' ? (feminine ? 'una' : 'un') : whole} ${unit} y ${feminine ? 'media' : 'medio'}`;
    },
    ofMeasure: (fraction, unit) => (fraction === 'un medio' ? `media ${unit}` : `${fraction} de ${unit}`),
    half: 'un medio',
    ratio: 'a',
    aspect: 'por',
  },
  it: {
    names: { 2: ['mezzo', 'mezzi'], 3: ['terzo', 'terzi'], 4: ['quarto', 'quarti'], 5: ['quinto', 'quinti'], 6: ['sesto', 'sesti'], 7: ['settimo', 'settimi'], 8: ['ottavo', 'ottavi'], 9: ['nono', 'noni'], 10: ['decimo', 'decimi'] },
    mixed: (whole, fraction) => `${whole} e ${fraction.replace(/^un /, '')}`,
    ofMeasure: (fraction, unit) => (fraction === 'un mezzo' ? `mezzo ${unit}` : `${fraction} di ${unit}`),
    half: 'un mezzo',
    ratio: 'a',
    aspect: 'a',
  },
  pt: {
    names: { 2: ['meio', 'meios'], 3: ['terço', 'terços'], 4: ['quarto', 'quartos'], 5: ['quinto', 'quintos'], 6: ['sexto', 'sextos'], 7: ['sétimo', 'sétimos'], 8: ['oitavo', 'oitavos'], 9: ['nono', 'nonos'], 10: ['décimo', 'décimos'] },
    mixed: (whole, fraction) => `${whole} e ${fraction.replace(/^um /, '')}`,
    ofMeasure: (fraction, unit) => (fraction === 'um meio' ? `meio ${unit}` : `${fraction} de ${unit}`),
    half: 'um meio',
    ratio: 'para',
    aspect: 'por',
  },
  ru: {
    names: { 2: ['вторая', 'вторых'], 3: ['третья', 'третьих'], 4: ['четверть', 'четвертых'], 5: ['пятая', 'пятых'], 6: ['шестая', 'шестых'], 7: ['седьмая', 'седьмых'], 8: ['восьмая', 'восьмых'], 9: ['девятая', 'девятых'], 10: ['десятая', 'десятых'] },
    mixed: (whole, fraction) => `${whole} и ${fraction.replace(/^одна /, '')}`,
    ofMeasure: (fraction, unit) => `${fraction} ${unit}`,
    half: 'одна вторая',
    ratio: 'к',
    aspect: 'на',
  },
};

const ONE: Record<ReadingLanguage, string> = { en: 'one', de: 'ein', fr: 'un', es: 'un', it: 'un', pt: 'um', ru: 'одна' };
const VULGAR: Record<string, [number, number]> = {
  '½': [1, 2], '⅓': [1, 3], '⅔': [2, 3], '¼': [1, 4], '¾': [3, 4], '⅕': [1, 5], '⅖': [2, 5], '⅗': [3, 5], '⅘': [4, 5],
  '⅙': [1, 6], '⅚': [5, 6], '⅛': [1, 8], '⅜': [3, 8], '⅝': [5, 8], '⅞': [7, 8],
};

function number(n: number, language: ReadingLanguage): string {
  return n === 1 ? ONE[language] : cardinalOf(String(n), language);
}

/** 3/4 → "three quarters"; undefined when it is not a simple fraction. */
export function fractionOf(top: number, bottom: number, language: ReadingLanguage): string | undefined {
  if (top < 1 || top >= bottom || bottom > 10) return undefined;
  const [one, many] = WORDS[language].names[bottom]!;
  if (language === 'de' && bottom === 2) return top === 1 ? 'ein halb' : `${number(top, language)} halbe`;
  return `${number(top, language)} ${top === 1 ? one : many}`;
}

// Measures a fraction is "of": cups, spoons, units of length and weight, and their abbreviations.
const MEASURES =
  'cups?|teaspoons?|tablespoons?|tsp|tbsp|inch(?:es)?|in|miles?|mi|pounds?|lbs?|ounces?|oz|feet|foot|ft|gallons?|pints?|hours?|stick|' +
  'Tasse|TL|EL|Teelöffel|Esslöffel|Liter|Stunde|tasse|cuillère|litre|heure|taza|cucharadas?|cucharaditas?|litro|hora';
const FRACTION = `(?:(\\d{1,3})\\s)?(?:(\\d)\\/(\\d{1,2})|([${Object.keys(VULGAR).join('')}]))`;
const FRACTION_PATTERN = new RegExp(`(?<![\\d/.,])${FRACTION}(?![\\d/])(?:\\s(${MEASURES})\\b\\.?)?`, 'gu');
const GLUED_VULGAR = new RegExp(`(\\d)(?=[${Object.keys(VULGAR).join('')}])`, 'g');

// A ratio's context: an aspect (a screen, an image) or a proportion (odds, a vote).
const ASPECT_WORDS = 'aspect|screen|display|widescreen|format|video|image|monitor|panel|Bildformat|Format|écran|format|pantalla|formato';
const RATIO_WORDS = 'ratio|odds|majority|margin|vote|split|Verhältnis|Mehrheit|rapport|majorité|proporción|mayoría';
const RATIO = new RegExp(`(?<![\\d:.])(\\d{1,3}):(\\d{1,3})(?![\\d:])(?=\\s(?:\\p{L}+\\s)?(${ASPECT_WORDS}|${RATIO_WORDS}))`, 'gu');
const HAS_FRACTION = new RegExp(`\\d[/:]|[${Object.keys(VULGAR).join('')}]`);
const IS_ASPECT = new RegExp(`^(?:${ASPECT_WORDS})$`, 'u');
// "16:9", "21:9": a second side of one digit is no clock time, and a first past ten no score of such.
const BARE_RATIO = /(?<![\d:.])([1-9]\d):(\d)(?![\d:])/g;

export function readFractions(text: string, language: ReadingLanguage): string {
  if (!HAS_FRACTION.test(text)) return text;
  const words = WORDS[language];
  return text
    .replace(GLUED_VULGAR, '$1 ')
    .replace(FRACTION_PATTERN, (all, whole: string | undefined, a: string | undefined, b: string | undefined, glyph: string | undefined, unit: string | undefined) => {
      const [top, bottom] = glyph ? VULGAR[glyph]! : [Number(a), Number(b)];
      const fraction = fractionOf(top, bottom, language);
      if (!fraction) return all;
      const plain = top === 1 && bottom === 2 && !whole && !unit ? words.half : fraction;
      const names = unit ? MEASURE_NAMES[unit] : undefined;
      if (whole) {
        const measured = unit ? words.mixedMeasure?.(cardinalOf(whole, language), fraction, unit) : undefined;
        if (measured) return measured;
        const mixed = words.mixed(cardinalOf(whole, language), fraction);
        return unit ? `${mixed} ${names?.[1] ?? unit}` : mixed;
      }
      return unit ? words.ofMeasure(fraction, names?.[0] ?? unit) : plain;
    })
    .replace(RATIO, (_, a: string, b: string, context: string) =>
      `${a} ${IS_ASPECT.test(context) ? words.aspect : words.ratio} ${b}`)
    .replace(BARE_RATIO, (_, a: string, b: string) => `${a} ${words.aspect} ${b}`);
}
