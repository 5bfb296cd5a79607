/**
 * Splits prepared text into the chunks an engine speaks one call at a time. Chunks end at sentence
 * boundaries so the voice's intonation is right at each join; a sentence longer than a chunk is cut
 * at clause boundaries, then between words. A word is never cut unless it alone is longer than a chunk.
 */
import { SENTENCE_OPENERS } from './sentence-openers.ts';

// Words whose full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'mt', 'vs', 'e.g', 'i.e',
  'approx', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept',
  'oct', 'nov', 'dec', 'gen', 'gov', 'sen', 'rep', 'capt', 'lt', 'col',
  // German, French and Spanish
  'mrd', 'mio', 'tsd', 'bzw', 'ca', 'vgl', 'ggf', 'evtl', 'inkl', 'bspw', 'str', 'sra', 'dra', 'av', 'apr', 'ex', 'ej',
  // titles before a name, and abbreviations that do not end a sentence
  'gov', 'sen', 'rep', 'gen', 'lt', 'sgt', 'rev', 'pres', 'hr', 'fr', 'tel', 'tél', 'jh', 'env', 'cf', 'ud', 'uds',
  'aprox', 'pág', 'sto', 'sta', 'dña', 'avda', 'cda', 'cdas', 'cdta', 'cdtas', 'tsp', 'tbsp', 'dept', 'univ', 'govt', 'ee', 'mm',
  // ranks and offices before a name; dosing, law and dates of life before what they qualify
  'maj', 'adm', 'brig', 'cmdr', 'cpl', 'pvt', 'supt', 'insp', 'det', 'amb', 'atty', 'hon', 'msgr', 'treas',
  'tägl', 'mind', 'max', 'máx', 'mín', 'zzgl', 'ggü', 'abs', 'geb', 'gest', 'hbf', 'tabl', 'dott', 'sig',
  // a member's state: "(R-Tex.)", "(D-Calif.)"
  'r-tex', 'd-tex', 'r-calif', 'd-calif', 'r-fla', 'd-fla', 'r-ariz', 'd-ariz', 'r-ga', 'd-ga', 'r-pa', 'd-pa', 'r-mich', 'd-mich',
  'r-wis', 'd-wis', 'r-nev', 'd-nev', 'r-ohio', 'd-ohio', 'r-ky', 'd-ky', 'r-tenn', 'd-tenn', 'r-mass', 'd-mass', 'r-ill', 'd-ill',
  'r-minn', 'd-minn', 'r-colo', 'd-colo', 'r-okla', 'd-okla', 'r-la', 'd-la', 'r-s.c', 'd-s.c', 'r-n.c', 'd-n.c', 'r-n.y', 'd-n.y',
  'r-va', 'd-va', 'r-md', 'd-md', 'r-conn', 'd-conn', 'r-ala', 'd-ala', 'r-miss', 'd-miss', 'r-mo', 'd-mo', 'r-ind', 'd-ind',
  'r-ore', 'd-ore', 'r-wash', 'd-wash', 'r-n.j', 'd-n.j', 'r-utah', 'd-utah', 'r-iowa', 'd-iowa', 'r-kan', 'd-kan', 'r-neb', 'd-neb',
]);
// Words that also end sentences: "the U.S. Customs office" goes on, "moved to the U.S. Then" ends.
const ABBREVIATIONS_THAT_MAY_END = new Set([
  'u.s', 'u.k', 'etc', 'st', 'sr', 'jr', 'inc', 'ltd', 'co', 'corp', 'a.m', 'p.m', 'ave', 'rd', 'blvd', 'ln', 'hwy', 'pkwy',
  'sq', 'bros', 'ft', 'oz', 'lb', 'lbs', 'uu', 'usw',
]);
// Words whose full stop ends nothing when a number follows: "No. 5", "Vol. 3", "p. 12", "Fig. 2".
const BEFORE_NUMBER = new Set(['no', 'nos', 'nr', 'núm', 'vol', 'vols', 'p', 'pp', 'ch', 'chap', 'fig', 'figs', 'ref', 'art', 'sec', 'eq', 'op', 'b', 'd', 'abs', 's', 'ss', 'std', 'c']);
// Weekdays before a date: "Tue. Nov. 6", "Sat. 12 May".
const WEEKDAYS = new Set(['mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun']);
const OPENERS = new Set(SENTENCE_OPENERS);

// Months (English, German, French, Spanish): "am 15. März" and "le 1. mai" are not sentence ends.
const MONTHS = new Set(
  (
    'january february march april may june july august september october november december ' +
    'januar februar märz april mai juni juli august september oktober november dezember ' +
    'janvier février mars avril mai juin juillet août septembre octobre novembre décembre ' +
    'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'
  ).split(' '),
);
// A German ordinal after an article or preposition: "im 21. Jahrhundert", "der 3. Platz".
const ORDINAL_AFTER = /(?:^|\s)(?:am|im|vom|zum|beim|dem|den|des|der|die|das|seit|bis|ab)\s+\d{1,2}$/i;

/** Whether a full stop after a number marks an ordinal (German writes "15." for "fifteenth", "3.–5." for a range of days). */
function isOrdinalDot(sentenceSoFar: string, before: string, after: string): boolean {
  if (!/^(?:\d{1,2}\.?[-–])?\d{1,2}$/.test(before)) return false;
  const nextWord = /^\p{L}+/u.exec(after)?.[0]?.toLowerCase() ?? '';
  return MONTHS.has(nextWord) || ORDINAL_AFTER.test(sentenceSoFar);
}

/** Whether the full stop after `word` belongs to an abbreviation (or an ordinal) rather than ending the sentence. */
function isAbbreviationDot(word: string, before: string, sentenceSoFar: string, after: string): boolean {
  const nextWord = /^[\p{L}\d]+/u.exec(after)?.[0] ?? '';
  if (ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(before)) return true;
  // "z. B.", "d. h.", "u. a.": a lower-case letter and a dot, then a letter and a dot
  if (/^\p{Ll}$/u.test(before) && /^\p{L}\./u.test(after)) return true;
  // "U.S.C.", "p.m.", "EE.": letters with dots may end a sentence only before a word that opens one
  if (ABBREVIATIONS_THAT_MAY_END.has(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return !OPENERS.has(nextWord);
  // "s. XVIII": Spanish writes a century so
  if (BEFORE_NUMBER.has(word)) return /^\d/.test(nextWord) || (/^s{1,2}$/.test(word) && /^[IVXL]{1,6}$/.test(nextWord));
  // a German street before its number: "Hauptstr. 5"
  if (/\p{L}str$/u.test(word)) return /^\d/.test(nextWord);
  if (WEEKDAYS.has(word)) return /^\d/.test(nextWord) || MONTHS.has(nextWord.toLowerCase()) || MONTH_ABBREVIATIONS.test(nextWord);
  return isOrdinalDot(sentenceSoFar, before, after);
}

const MONTH_ABBREVIATIONS = /^(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)$/;

// End punctuation, closing quotes (English ” ’, German “ ‘, French » ›) or brackets, then the space before the next sentence.
const SENTENCE_END = /[.!?…]+["'”’“‘»›«)\]]*\s+/g;

/** The sentences of one paragraph, in order, each with its own end punctuation. */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of paragraph.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    const next = paragraph[end];
    const before = paragraph.slice(start, match.index).match(/(\S+)$/)?.[1] ?? '';
    const word = before.toLowerCase().replace(/^["'“‘([]+/, '');
    const isAbbreviation =
      match[0].startsWith('.') &&
      isAbbreviationDot(word, before, paragraph.slice(start, match.index), paragraph.slice(end));
    // A sentence starts with a capital, a digit or a quote, not with a lower-case word or an amount's symbol.
    if (next === undefined || isAbbreviation || /[\p{Ll}\p{Sc}]/u.test(next)) continue;
    sentences.push(paragraph.slice(start, end).trim());
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Pieces of a too-long sentence, each at most maxChars, cut after clause marks, else between words. */
function splitLongSentence(sentence: string, maxChars: number): string[] {
  const clauses = sentence.split(/(?<=[,;:—–])\s+/);
  const words = clauses.flatMap((clause) =>
    clause.length <= maxChars ? [clause] : clause.split(/\s+/).flatMap((w) => cutWord(w, maxChars)),
  );
  return pack(words, maxChars, ' ');
}

/** A single word longer than a chunk (a run of symbols, in practice) is the one thing cut hard. */
function cutWord(word: string, maxChars: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < word.length; i += maxChars) parts.push(word.slice(i, i + maxChars));
  return parts;
}

/** Greedily joins pieces with `glue` into runs of at most maxChars. */
function pack(pieces: string[], maxChars: number, glue: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) current = piece;
    else if (current.length + glue.length + piece.length <= maxChars) current += glue + piece;
    else {
      out.push(current);
      current = piece;
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Splits text into chunks of at most maxChars at sentence boundaries, packing whole sentences
 * together. Paragraph breaks inside a chunk stay as newlines (the voice pauses at them).
 */
export function splitIntoChunks(text: string, maxChars: number): string[] {
  if (!Number.isInteger(maxChars) || maxChars < 1) throw new RangeError('maxChars must be a positive integer');
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current) chunks.push(current);
    current = '';
  };
  for (const paragraph of text.split(/\r?\n/)) {
    const sentences = splitSentences(paragraph.replace(/\s+/g, ' ').trim());
    const pieces = sentences.flatMap((s) => (s.length <= maxChars ? [s] : splitLongSentence(s, maxChars)));
    pieces.forEach((piece, i) => {
      const glue = i === 0 ? '\n' : ' ';
      if (current && current.length + glue.length + piece.length <= maxChars) current += glue + piece;
      else {
        flush();
        current = piece;
      }
    });
  }
  flush();
  return chunks;
}
