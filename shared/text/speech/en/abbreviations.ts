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
  'Maj.': { beforeName: 'Major' },
  'Adm.': { beforeName: 'Admiral' },
  'Brig.': { beforeName: 'Brigadier' },
  'Cmdr.': { beforeName: 'Commander' },
  'Cpl.': { beforeName: 'Corporal' },
  'Pvt.': { beforeName: 'Private' },
  'Supt.': { beforeName: 'Superintendent' },
  'Insp.': { beforeName: 'Inspector' },
  'Det.': { beforeName: 'Detective' },
  'Amb.': { beforeName: 'Ambassador' },
  'Atty.': { beforeName: 'Attorney' },
  'Hon.': { beforeName: 'Honorable' },
  'Msgr.': { beforeName: 'Monsignor' },
  'Sec.': { beforeName: 'Secretary' },
  'Treas.': { beforeName: 'Treasurer' },
  'Fr.': { beforeName: 'Father' },
  'Sr.': { beforeName: 'Sister' },
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
  'a.k.a.': { always: 'also known as' },
  'AKA': { always: 'also known as' },
  'est.': { always: 'established' },
  'ca.': { always: 'circa' },
  'incl.': { always: 'including' },
  'excl.': { always: 'excluding' },
  'n/a': { always: 'not applicable' },
  'N/A': { always: 'not applicable' },
  'q/q': { always: 'quarter on quarter' },
  'y/y': { always: 'year on year' },
  'm/m': { always: 'month on month' },
  'YoY': { always: 'year on year' },
  'QoQ': { always: 'quarter on quarter' },
  'MoM': { always: 'month on month' },
  'YTD': { always: 'year to date' },
  'EPS': { always: 'earnings per share' },
  'c/o': { always: 'care of' },
  'HRs': { afterNumber: ['home run', 'home runs'] },
  'HR': { afterNumber: ['home run', 'home runs'] },
  'RBIs': { afterNumber: ['R B I', 'R B Is'] },
  'dept.': { always: 'department' },
  'Dept.': { always: 'Department' },
  'Univ.': { always: 'University' },
  'govt.': { always: 'government' },
};

/** English abbreviations read by their context: before the numbers turn into words. */
export const replaceAbbreviationsInContext = contextAbbreviations(IN_CONTEXT);

// A member of Congress's party and state: "(R-Tex.)", "(D-N.Y.)", "R-Calif.".
const PARTIES: Record<string, string> = { R: 'Republican', D: 'Democrat', I: 'Independent' };
const STATES: Record<string, string> = {
  Ala: 'Alabama', Ariz: 'Arizona', Ark: 'Arkansas', Calif: 'California', Colo: 'Colorado', Conn: 'Connecticut', Del: 'Delaware',
  Fla: 'Florida', Ga: 'Georgia', Ill: 'Illinois', Ind: 'Indiana', Kan: 'Kansas', Ky: 'Kentucky', La: 'Louisiana', Md: 'Maryland',
  Mass: 'Massachusetts', Mich: 'Michigan', Minn: 'Minnesota', Miss: 'Mississippi', Mo: 'Missouri', Mont: 'Montana', Neb: 'Nebraska',
  Nev: 'Nevada', 'N.H': 'New Hampshire', 'N.J': 'New Jersey', 'N.M': 'New Mexico', 'N.Y': 'New York', 'N.C': 'North Carolina',
  'N.D': 'North Dakota', Okla: 'Oklahoma', Ore: 'Oregon', Pa: 'Pennsylvania', 'R.I': 'Rhode Island', 'S.C': 'South Carolina',
  'S.D': 'South Dakota', Tenn: 'Tennessee', Tex: 'Texas', Vt: 'Vermont', Va: 'Virginia', Wash: 'Washington', 'W.Va': 'West Virginia',
  Wis: 'Wisconsin', Wyo: 'Wyoming', Alaska: 'Alaska', Hawaii: 'Hawaii', Idaho: 'Idaho', Iowa: 'Iowa', Maine: 'Maine', Ohio: 'Ohio',
  Texas: 'Texas', Utah: 'Utah',
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri',
  MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};
const PARTY_STATE = /\b([RDI])-((?:[A-Z]\.){1,2}[A-Z]?[a-z]{0,2}|[A-Z][a-z]{1,6}|[A-Z]{2})\.?(?=[),;]|\s)/g;

// "b. 1685", "d. March 3, 1750": born and died, before a year or a date.
const LIFE_DATES = /(?<=^|[\s(,;])([bd])\.\s?(?=(?:c\.\s?|ca\.\s?)?\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\p{L}*\.? \d)/gu;

/** Before the numbers are read: "(R-Tex.)" → "(Republican, Texas)", "(b. 1685, d. 1750)" → "(born 1685, died 1750)". */
export function replacePartiesAndLives(text: string): string {
  if (!/[RDI]-|[bd]\./.test(text)) return text;
  return text
    .replace(PARTY_STATE, (all, party: string, state: string) => {
      const name = STATES[state.replace(/\.$/, '')];
      return name ? `${PARTIES[party]}, ${name}` : all;
    })
    .replace(LIFE_DATES, (match: string) => (match.startsWith('b') ? 'born ' : 'died '));
}

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

// "his/her", "Walk/Run": a choice; "UI/UX", "TCP/IP": two names said one after the other.
const CHOICE = /(?<=^|[^\p{L}\d/.])(\p{L}[\p{Ll}'’]{1,14})\/(?=\p{L}[\p{Ll}'’]{1,14}(?![\p{L}\d/.]))/gu;
const NAMES = /(?<=^|[^\p{L}\d/.])(\p{Lu}{2,5})\/(?=\p{Lu}{2,5}(?![\p{L}\d/]))/gu;

export function replaceAbbreviations(text: string): string {
  if (text.includes('/')) text = text.replace(NAMES, '$1 ').replace(CHOICE, '$1 or ');
  return ABBREVIATIONS.reduce((out, [pattern, words]) =>
    (typeof words === 'string' ? out.replace(pattern, words) : out.replace(pattern, words)), text);
}

