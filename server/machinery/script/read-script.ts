/**
 * Read mode: the whole article, word for word, spoken so its structure can be heard. The title and
 * byline open it; a heading is its own line, announced after a pause, and starts a chapter; list
 * items, quotations and table rows are each their own line; in an article whose headings are
 * numbered, a section's number is said before its heading ("Section 2: Methods") and a subsection's
 * ("2.1") is left to the chapter's title, never read as a decimal; image captions and credits, footnote
 * markers and "advertisement" lines are left out. A code block is announced, not read, and a data
 * table read row by row with its column names, or summarized when long (read-blocks.ts). Nothing
 * else is shortened: every other line is read. Each sentence keeps the line of the stored article
 * it came from (`sourceParagraph`).
 */
import { LINE_KIND, type ScriptSentence } from './types.ts';
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { readBlock } from './read-blocks.ts';
import { READING_LABEL } from '../../../shared/extract/page-labels.ts';

/** Lines an article shows between its paragraphs that are not part of it. */
const ADVERTISEMENT = /^(?:advertisements?|ad|sponsored(?: content)?|story continues below(?: advertisement)?|continue reading(?: below)?)\W*$/i;
/** Footnote and reference markers: [1], [12], [a], [citation needed], [note 3]. */
export const FOOTNOTE_MARK = /\[(?:\d{1,3}|[a-z]|citation needed|note \d{1,3})\]/gi;
/** Photo credits on a line of their own. */
const CREDIT = /^(?:photo|image|picture|illustration|credit|photograph|source)s?(?: credit)?\s*[:/]|^\(?(?:getty images|reuters|ap photo|afp)\b/i;

export interface ReadSource {
  title: string;
  /** The article as stored, one line per block. */
  text: string;
  /** A kind letter per line (see LINE_KIND); null when unknown (an article sent as plain text). */
  lines: string | null;
  byline: string | null;
  /** The article's language (ISO 639-1): the words read mode adds for code and tables follow it. */
  language?: string;
}

/** The word before an author's name, in the article's language; other languages say the name alone. */
const BY: Readonly<Record<string, string>> = { en: 'By', de: 'Von', fr: 'Par', es: 'Por' };

/** Who did what, as credits say it: "Written by", "Edited by", "Reporting by", "Photos by". */
const ROLES = 'written|edited|reported|reporting|words|story|text|photos?|photographs|illustrations?|produced|compiled|translated';
const ROLE_BY = new RegExp(`\\b(?:${ROLES}) by\\b`, 'i');
/** A role that starts a new credit after a name, spaced or glued: "Ann Lee Edited by", "Ann LeeEdited by". */
const NEXT_ROLE = new RegExp(`(?<=[\\p{L}\\p{N}.,)])\\s*(?=(?:${ROLES.replace(/\b(\w)/g, (c) => c.toUpperCase())}) by\\b)`, 'gu');

/**
 * "By Jane Doe" as the article's language says it. A byline that already starts so is kept, and one
 * that names each role ("Written by Ann Lee Edited by Tom Roe") is read role by role, with no "By".
 */
function bylineLine(byline: string, language = 'en'): string {
  if (ROLE_BY.test(byline)) return byline.replace(new RegExp(`^\\W*by\\s+(?=(?:${ROLES}) by\\b)`, 'i'), '').replace(NEXT_ROLE, '. ');
  const by = BY[language.slice(0, 2).toLowerCase()];
  if (!by || /^by\b/i.test(byline) || byline.toLowerCase().startsWith(`${by.toLowerCase()} `)) return byline;
  return `${by} ${byline}`;
}

/** The read-mode script's sentences. */
export function readScript(source: ReadSource): ScriptSentence[] {
  const out: ScriptSentence[] = [];
  let paragraph = 0;
  const say = (text: string, { chapter, sourceParagraph, shown }: { chapter?: string; sourceParagraph?: number; shown?: string } = {}) => {
    const sentences = splitSentences(text);
    sentences.forEach((sentence, i) =>
      out.push({
        text: sentence,
        paragraph,
        ...(i === 0 && chapter ? { chapter } : {}),
        ...(sourceParagraph !== undefined ? { sourceParagraph } : {}),
        ...(shown && i === sentences.length - 1 ? { shown } : {}),
      }),
    );
    if (sentences.length) paragraph += 1;
  };
  const title = source.title.replace(/\s+/g, ' ').trim();
  const lines = source.text.split('\n');
  const kinds = source.lines && source.lines.length === lines.length ? source.lines : guessKinds(lines);
  if (title) say(endSentence(title));
  const byline = source.byline?.replace(/\s+/g, ' ').trim();
  if (byline) say(endSentence(bylineLine(byline, source.language)));

  const numbered = lines.filter((line, index) => kinds[index] === LINE_KIND.heading && HEADING_NUMBER.test(line.trim())).length >= 2;
  let previous: string | null = null;
  let blockEnd = 0;
  lines.forEach((raw, index) => {
    if (index < blockEnd) return;
    const kind = kinds[index] ?? LINE_KIND.text;
    // A code block is announced, a data table read by its columns: each from its first line.
    const block = readBlock(lines, kinds, index, source.language);
    if (block) {
      for (const { text, ...where } of block.parts) say(text, where);
      blockEnd = block.end;
      previous = kind;
      return;
    }
    const line = raw.replace(FOOTNOTE_MARK, '').replace(/\s+/g, ' ').trim();
    if (!line || !/[\p{L}\p{N}]/u.test(line)) return;
    if (ADVERTISEMENT.test(line)) return;
    if (kind === LINE_KIND.caption || CREDIT.test(line)) return;
    // A repeated title (the page's own heading) is not read twice, nor the byline said at the start.
    if (index < 3 && kind === LINE_KIND.heading && sameWords(line, title)) return;
    if (byline && index < BYLINE_LINES && isBylineLine(line, byline)) return;
    if (READING_LABEL.test(line)) return;
    const sourceParagraph = index;
    if (kind === LINE_KIND.heading) {
      const chapter = line.replace(/[.:]+$/, '');
      say(endSentence(numbered ? spokenHeading(line, source.language) : line), { chapter, sourceParagraph });
    } else if (kind === LINE_KIND.quote && previous !== LINE_KIND.quote) {
      say(`Quote: ${endSentence(line)}`, { sourceParagraph });
    } else if (kind === LINE_KIND.tableCaption) {
      say(endSentence(line), { sourceParagraph });
    } else if (kind === LINE_KIND.item || kind === LINE_KIND.row || kind === LINE_KIND.dataRow) {
      // Items of one list (rows of one table) follow each other as sentences of one paragraph.
      if (previous === kind && paragraph > 0) paragraph -= 1;
      say(endSentence(line), { sourceParagraph });
    } else {
      say(line, { sourceParagraph });
    }
    previous = kind;
  });
  return out;
}

/** A heading's number: a section's ("2", "2.", "II."), or a subsection's ("2.1", "2.1."). */
const HEADING_NUMBER = /^(\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.)\s+(?=\p{L})/u;
/** The word said before a section's number; other languages say the heading's words alone. */
const SECTION: Readonly<Record<string, string>> = { en: 'Section', de: 'Abschnitt', fr: 'Section', es: 'Sección' };
const ROMAN: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10 };

/** "II" as 2. */
function romanValue(numeral: string): number {
  let value = 0;
  for (const [i, letter] of [...numeral].entries()) {
    const here = ROMAN[letter]!;
    value += here < (ROMAN[numeral[i + 1] ?? ''] ?? 0) ? -here : here;
  }
  return value;
}

/** A numbered heading as it is said: "2. Methods" → "Section 2: Methods", "2.1 Data" → "Data". */
function spokenHeading(line: string, language = 'en'): string {
  const match = HEADING_NUMBER.exec(line);
  if (!match) return line;
  const rest = line.slice(match[0].length);
  const number = match[1]!.replace(/\.$/, '');
  const word = SECTION[language.slice(0, 2).toLowerCase()];
  if (number.includes('.') || !word) return rest;
  return `${word} ${/^\d/.test(number) ? number : romanValue(number)}: ${rest}`;
}

/** A line that does not end a sentence gets a full stop, so the voice pauses after it. */
function endSentence(line: string): string {
  return /[.!?…:;]["'”’)\]]*$/.test(line) ? line : `${line}.`;
}

/** Lines at the top of the text where a visible byline stands. */
const BYLINE_LINES = 6;
/** The words a byline line adds to the names: "By", "and", roles, a date or a reading time. */
const BYLINE_FILLER = new Set(['by', 'and', 'von', 'und', 'par', 'et', 'por', 'y', 'written', 'author', 'authors', 'words', 'staff', 'writer', 'reporter', 'min', 'read']);

/**
 * A visible byline line that says what the spoken byline says: every name word of the byline in it,
 * and little else (a date, a reading time, a role).
 */
function isBylineLine(line: string, byline: string): boolean {
  const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const names = words(byline).filter((w) => !BYLINE_FILLER.has(w));
  if (names.length === 0) return false;
  const lineWords = words(line);
  if (!names.every((name) => lineWords.includes(name))) return false;
  const rest = lineWords.filter((w) => !names.includes(w) && !BYLINE_FILLER.has(w));
  return rest.length <= 8 && rest.length <= names.length + 6;
}

function sameWords(a: string, b: string): boolean {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.join(' ') ?? '';
  return words(a) === words(b);
}

/**
 * Kinds for text without a stored structure: a run of three or more short lines without end
 * punctuation reads as list items; another such line followed by a longer one reads as a heading;
 * everything else as text.
 */
export function guessKinds(lines: readonly string[]): string {
  const wordsOf = (line: string) => line.trim().split(/\s+/).filter(Boolean).length;
  const bare = lines.map((line) => {
    const n = wordsOf(line);
    return n > 0 && n <= 10 && !/[.!?,;:…"”]$/.test(line.trim());
  });
  const inRun = bare.map((b, i) => {
    if (!b) return false;
    let start = i;
    let end = i;
    while (start > 0 && bare[start - 1]) start--;
    while (end < bare.length - 1 && bare[end + 1]) end++;
    return end - start + 1 >= 3;
  });
  return lines
    .map((line, i) => {
      if (inRun[i]) return LINE_KIND.item;
      const next = lines[i + 1]?.trim() ?? '';
      return bare[i] && wordsOf(next) > wordsOf(line) * 2 ? LINE_KIND.heading : LINE_KIND.text;
    })
    .join('');
}
