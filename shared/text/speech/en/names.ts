/** English numbers that are names: versions, IDs, Roman numerals of rulers, wars, chapters and sequels. */
import { cardinalOf, digitWords, romanValue } from '../../speech-numbers.ts';
import { cardinalWords, ordinalWords } from './words.ts';

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
// After these words a lone "I" is always a numeral: "Part I of the series".
const NUMBERED = new RegExp(`\\b(${NUMBERED_WORDS}) ([IVXLC]{2,9}${ROMAN_END}|[IVXLC]${ROMAN_END})`, 'gu');
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
export function replaceNamedNumbers(text: string): string {
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

