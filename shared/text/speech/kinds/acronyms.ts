/**
 * Acronyms a voice would read as a word of the language, or read as one letter by one, depending on
 * the words around them: two or three capitals on their own are written as letters ("l'OM" is
 * "l'O.M", not "l'homme"; "35 UMP" is "35 U.M.P", not the English "ump"; "la UE" is "la U.E"). No
 * last full stop: espeak reads a letter after it as one more of the acronym ("el P.P. y" is "pe pe i
 * griega"). Longer acronyms are left to the voice, which spells those it cannot say ("SNCF") and says
 * those meant to be words ("OTAN"). Acronyms said as words, and words a text writes in capitals, stay;
 * so does a line in capitals, a heading.
 */
import type { ReadingLanguage } from '../language.ts';

// Capitals said as a word in each language, and short words a sentence may write in capitals.
const ENGLISH_WORDS = ['OK', 'THE', 'AND', 'NEW', 'TOP', 'HOT', 'BIG', 'WOW', 'YES', 'ONE', 'TWO', 'ALL', 'FOR', 'OUT', 'NOW'];
const SAID_AS_WORDS: Record<ReadingLanguage, ReadonlySet<string>> = {
  en: new Set(ENGLISH_WORDS),
  fr: new Set([
    ...ENGLISH_WORDS, 'ONU', 'ENA', 'CAC', 'BAC', 'PAC', 'ZAD', 'SIM', 'RAM', 'ROM',
    'LE', 'LA', 'UN', 'DE', 'ET', 'EN', 'NE', 'IL', 'ON', 'SA', 'SE', 'CE', 'JE', 'TU', 'MA', 'TA', 'OU', 'OUI', 'NON', 'LES', 'DES',
    'UNE', 'QUI', 'EST', 'SUR', 'PAS', 'TOI', 'MOI', 'LUI', 'BON', 'VOS', 'NOS', 'SES', 'CES', 'MES', 'TES', 'SON', 'TON', 'MON',
  ]),
  es: new Set([
    ...ENGLISH_WORDS, 'IVA', 'AVE', 'ETA', 'EFE', 'RAE', 'UCI', 'ERE', 'ONU',
    'NO', 'SÍ', 'YA', 'YO', 'TU', 'SU', 'MI', 'EL', 'LA', 'LO', 'DE', 'EN', 'UN', 'ES', 'SE', 'QUE', 'LOS', 'LAS', 'UNA', 'UNO', 'DEL',
    'MÁS', 'POR', 'SIN', 'CON', 'HOY', 'MUY', 'BAR',
  ]),
  de: new Set([
    ...ENGLISH_WORDS, 'DAX', 'TÜV', 'UNO',
    'JA', 'ER', 'ES', 'IN', 'AM', 'IM', 'ZU', 'SO', 'DU', 'WO', 'OB', 'DER', 'DIE', 'DAS', 'UND', 'IST', 'EIN', 'MIT', 'VON', 'ZUM',
    'AUS', 'AUF', 'BIS', 'WIR', 'SIE', 'IHR', 'GUT', 'NUR', 'NIE', 'NEU',
  ]),
  it: new Set([...ENGLISH_WORDS, 'IVA', 'PIL', 'ANSA', 'RAI', 'ONU', 'FIAT', 'CGIL', 'CISL', 'IL', 'LA', 'LO', 'DI', 'DA', 'IN', 'UN', 'NON', 'SI', 'NO', 'CHE', 'PER', 'CON']),
  pt: new Set([...ENGLISH_WORDS, 'IVA', 'ONU', 'SUS', 'O', 'A', 'OS', 'AS', 'DE', 'DO', 'DA', 'EM', 'UM', 'NÃO', 'SIM', 'QUE', 'POR', 'COM']),
  ru: new Set(['ООН', 'ВУЗ', 'МИД', 'ГОСТ', 'НАТО', 'ЕС', 'И', 'В', 'НА', 'НЕ', 'ДА', 'НЕТ', 'ОН', 'ОНА', 'МЫ', 'ВЫ', 'ОНИ', 'ЧТО', 'КАК', 'ВСЕ']),
};

// After an elided article or a space, before a non-letter: "l'OM", "de l'UE", "el PP", "35 UMP".
const FEW_CAPITALS = /(?<=^|[\s(«"“„'’])\p{Lu}{2,3}(?![\p{L}\d'’-]|\.\p{L}|['’]s\b)/gmu;

// English acronyms said as words: written as a word ("Nato"), so no voice spells them; the rest of
// two to five capitals with at most one vowel among four or five ("USGS", "HTTPS") are spelled.
const ENGLISH_SAID = new Set(
  ('NATO NASA UNESCO UNICEF OPEC FIFA UEFA NAFTA AIDS COVID OSHA FEMA ASEAN DARPA CERN SWAT SCOTUS POTUS FLOTUS ISIS ISIL ' +
    'LIDAR RADAR LASER SONAR SCUBA NIMBY GIF JPEG PIN RAM ROM SIM LAN WAN CAD ASAP YOLO FOMO MIDI NOAA MERS SARS IKEA LEGO ZIP ' +
    'FICO GAAP TARP CAPTCHA JSON AJAX WASP NAND RAID BAFTA ACAS OFCOM OFSTED ANZAC INTERPOL EUROPOL FRONTEX GATT SPAC REIT ' +
    'NIMH NICE UNIX LINUX').split(' '),
);
// Short words a sentence writes in capitals ("no ON clause", "say NO"): "IT", "US" and "WHO" are names there.
const ENGLISH_KEPT = new Set([
  ...ENGLISH_WORDS, 'AM', 'PM', 'I', 'A', 'TV', 'OK', 'ON', 'IN', 'OF', 'TO', 'IS', 'AS', 'AT', 'BE', 'BY', 'DO', 'GO', 'HE', 'IF', 'ME',
  'MY', 'NO', 'OR', 'SO', 'UP', 'WE', 'AN', 'ARE', 'BUT', 'CAN', 'GET', 'GOT', 'HAS', 'HAD', 'HER', 'HIM', 'HIS', 'HOW', 'ITS', 'LET', 'MAY',
  'NOT', 'OUR', 'OWN', 'PUT', 'SAY', 'SEE', 'SHE', 'TOO', 'USE', 'WAS', 'WAY', 'WHY', 'YOU', 'BAD', 'BOX', 'BUY', 'CAR', 'DAY', 'END', 'FAR',
  'FEW', 'FUN', 'JOB', 'KEY', 'LAW', 'LOW', 'MAN', 'MEN', 'MIX', 'OFF', 'OLD', 'PAY', 'RED', 'RUN', 'SET', 'SIX', 'SUN', 'TAX', 'TEN',
  'WAR', 'WIN', 'YET', 'ADD', 'AGE', 'AIR', 'ANY', 'ASK', 'BIG', 'BUS', 'CUT', 'DID', 'DOG', 'EAT', 'FIT', 'FIX', 'FLY', 'GAS', 'HIT', 'ICE',
  'LOT', 'MAP', 'MAX', 'MIN', 'NET', 'PRO', 'SEX', 'SIT', 'TOP', 'TRY', 'VIA', 'WET', 'ZEN',
]);
// Two consonants no English word opens with ("NCCIH", "WSGI"): such capitals cannot be said as a word.
const ONSETS = /^(?:[AEIOUY]|BL|BR|CH|CL|CR|DR|DW|FL|FR|GL|GR|KN|PH|PL|PR|PS|SC|SH|SK|SL|SM|SN|SP|SQ|ST|SW|TH|TR|TW|WH|WR|[B-DF-HJ-NP-TV-Z][AEIOUY])/;
// Two to seven capitals ending a word; whether a word starts there is checked after (a cheaper scan).
const ENGLISH_CAPITALS = /[A-Z]{2,7}(?![A-Za-z\u00C0-\u024F\d'’-]|\.[A-Za-z]|['’]s\b)/g;
const WORD_START = /[\s(«"“„'’/]/;

/** Whether a line is mostly capitals: a heading, read as written. */
function isHeading(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return letters.length > 0 && letters.replace(/[^\p{Lu}]/gu, '').length > letters.length / 2;
}

function englishAcronym(all: string): string {
  if (ENGLISH_KEPT.has(all) || /^[IVXLC]+$/.test(all)) return all;
  if (ENGLISH_SAID.has(all)) return all[0] + all.slice(1).toLowerCase();
  // two or three capitals are letters; four or five when no vowel, no word's opening or three consonants in a row
  const spelled = all.length <= 3 || (all.length <= 5 && (!/[AEIOUY]/.test(all) || !ONSETS.test(all) || /[^AEIOUY]{3}/.test(all)));
  return spelled ? [...all].join('.') : all;
}

export function readAcronyms(text: string, language: ReadingLanguage): string {
  if (language === 'en') {
    if (!/[A-Z]{2}/.test(text)) return text;
    return text.split('\n').map((line) => {
      let heading: boolean | undefined;
      return line.replace(ENGLISH_CAPITALS, (all: string, offset: number) => {
        if (offset > 0 && !WORD_START.test(line[offset - 1]!)) return all;
        heading ??= isHeading(line);
        return heading ? all : englishAcronym(all);
      });
    }).join('\n');
  }
  const words = SAID_AS_WORDS[language];
  return byLine(text, (line) => line.replace(FEW_CAPITALS, (all: string) => (words.has(all) || /^[IVXLC]+$/.test(all) ? all : [...all].join('.'))));
}

/** Each line read by `read`, but a line mostly in capitals: a heading. */
function byLine(text: string, read: (line: string) => string): string {
  return text
    .split('\n')
    .map((line) => (isHeading(line) ? line : read(line)))
    .join('\n');
}
