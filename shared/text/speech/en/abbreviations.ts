/** English abbreviations and signs, written out: a lexicon of patterns and their words. */
import { SENTENCE_OPENER_PATTERN } from '../../sentence-openers.ts';
import { contextAbbreviations, type ContextAbbreviation } from '../kinds/abbreviations.ts';
import { sizeWords } from './words.ts';

// Abbreviations read by where they stand (kinds/abbreviations.ts).
const IN_CONTEXT: Record<string, ContextAbbreviation> = {
  'St.': { beforeName: 'Saint', afterName: 'Street' },
  'Dr.': { beforeName: 'Doctor', afterName: 'Drive', nameAfterWins: true },
  'Ave.': { afterName: 'Avenue', beforeName: 'Avenue' },
  'Rd.': { afterName: 'Road' },
  'Blvd.': { afterName: 'Boulevard' },
  'Ln.': { afterName: 'Lane' },
  'Hwy.': { afterName: 'Highway', beforeName: 'Highway' },
  'Pkwy.': { afterName: 'Parkway' },
  'Sq.': { afterName: 'Square' },
  'Mt.': { beforeName: 'Mount' },
  'Ft.': { beforeName: 'Fort' },
  'Gov.': { beforeName: 'Governor' },
  'Sen.': { beforeName: 'Senator' },
  'Rep.': { beforeName: 'Representative' },
  'Gen.': { beforeName: 'General' },
  'Lt.': { beforeName: 'Lieutenant' },
  'Capt.': { beforeName: 'Captain' },
  'Sgt.': { beforeName: 'Sergeant' },
  'Col.': { beforeName: 'Colonel' },
  'Rev.': { beforeName: 'Reverend' },
  'Pres.': { beforeName: 'President' },
  'Corp.': { afterName: 'Corporation' },
  'Co.': { afterName: 'Company' },
  'Bros.': { afterName: 'Brothers' },
  'Ltd.': { afterName: 'Limited' },
  'N.': { betweenNumberAndName: 'North' },
  'S.': { betweenNumberAndName: 'South' },
  'E.': { betweenNumberAndName: 'East' },
  'W.': { betweenNumberAndName: 'West' },
  'tsp.': { afterNumber: ['teaspoon', 'teaspoons'] },
  tsp: { afterNumber: ['teaspoon', 'teaspoons'] },
  'tbsp.': { afterNumber: ['tablespoon', 'tablespoons'] },
  tbsp: { afterNumber: ['tablespoon', 'tablespoons'] },
  Tbsp: { afterNumber: ['tablespoon', 'tablespoons'] },
  'oz.': { afterNumber: ['ounce', 'ounces'] },
  'lb.': { afterNumber: ['pound', 'pounds'] },
  'lbs.': { afterNumber: ['pound', 'pounds'] },
  'in.': { afterNumber: ['inch', 'inches'] },
  'ft.': { afterNumber: ['foot', 'feet'] },
  'qt.': { afterNumber: ['quart', 'quarts'] },
  'pt.': { afterNumber: ['pint', 'pints'] },
  'gal.': { afterNumber: ['gallon', 'gallons'] },
  'yr.': { afterNumber: ['year', 'years'] },
  'yrs.': { afterNumber: ['year', 'years'] },
  'mos.': { afterNumber: ['month', 'months'] },
  'approx.': { always: 'approximately' },
  'dept.': { always: 'department' },
  'Dept.': { always: 'Department' },
  'Univ.': { always: 'University' },
  'govt.': { always: 'government' },
};

/** English abbreviations read by their context: before the numbers turn into words. */
export const replaceAbbreviationsInContext = contextAbbreviations(IN_CONTEXT);

const ABBREVIATIONS: Array<[RegExp, string | ((match: string) => string)]> = [
  [/\be\.g\.,?/gi, 'for example,'],
  [/\bi\.e\.,?/gi, 'that is,'],
  [/\betc\.(?=\s+[A-Z]|\s*$)/g, 'et cetera.'],
  [/\betc\./g, 'et cetera'],
  [/\bvs\.?(?=\s)/gi, 'versus'],
  [/\bMr\.(?=\s)/g, 'Mister'],
  [/\bMrs\.(?=\s)/g, 'Missus'],
  [/\bMs\.(?=\s)/g, 'Miz'],
  [/\bProf\.(?=\s+[A-Z])/g, 'Professor'],
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
  [new RegExp(`\\b((?:[A-Z]\\.){2,4})(?=\\s+(?:${SENTENCE_OPENER_PATTERN})\\b|\\s*$)`, 'g'), (letters: string) => `${letters.replace(/\./g, '')}.`],
  [/\b((?:[A-Z]\.){2,4})(?=[\s,;:)])/g, (letters: string) => letters.replace(/\./g, '')],
  // "HTTP/1.1": a protocol and its version
  [/\b([A-Z]{2,6})\/(?=\d)/g, '$1 '],
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

export function replaceAbbreviations(text: string): string {
  return ABBREVIATIONS.reduce((out, [pattern, words]) =>
    (typeof words === 'string' ? out.replace(pattern, words) : out.replace(pattern, words)), text);
}

