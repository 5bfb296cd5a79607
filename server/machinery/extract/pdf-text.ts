/**
 * A PDF's text in the order a listener follows it, from the positioned runs of text a PDF holds:
 * lines in reading order without the page's furniture (pdf-lines.ts), tables found and read row by
 * row (pdf-tables.ts), lines joined into paragraphs with words broken at a line's end rejoined
 * (pdf-words.ts), a paragraph carried on across a column or page break (and past a table or caption
 * set in its way) kept whole, a paper's front matter read as pdf-front-matter.ts says (authors, no
 * affiliations or e-mail lines, an abstract headed), larger or numbered short lines made headings, rows of figures with no
 * cells announced instead of read, and the references section skipped with a note. Pure: the PDF
 * parser hands the runs in, the article's lines and their kinds come out (kinds as in line-kinds.ts).
 */
import { splitSentences } from '../../../shared/text/split-sentences.ts';
import { bodySizeOf, inMargin, pageLines, readingOrder, removeFurniture, type PdfPageRuns } from './pdf-lines.ts';
import { findTables, type PdfTable, type TableLine } from './pdf-tables.ts';
import { abstractHeading, frontMatter, isAbstractHeading, isEmailLine, splitRunInAbstract } from './pdf-front-matter.ts';
import { joinLines, vocabularyOf, type IsWord } from './pdf-words.ts';

export type { PdfPageRuns, PdfRun } from './pdf-lines.ts';

export interface PdfLayout {
  /** The title read from the first page's largest lines; null when nothing stands out. */
  title: string | null;
  /** Short lines between that title and the text (authors). */
  byline: string | null;
  /** One paragraph, heading or table row a line (a row's cells apart by tabs). */
  text: string;
  /** One kind letter a line of `text`: h heading, c a figure's caption, n a table's, t a table's header row, d its rows, r a row of a table without one, p anything else. */
  lines: string;
}

export interface PdfLayoutOptions {
  /** A dictionary, for telling a word broken at a line's end from a compound; without one the document's own words decide. */
  isWord?: IsWord;
}

type Line = TableLine;

/** The spoken note where the references begin. */
export const REFERENCES_NOTE = 'The references are not read.';
export const tableNote = (rows: number) => `The document shows a table of ${rows} rows here; its figures are not read.`;

const HEADING_RATIO = 1.15;
/** A short line at least this much larger than the text, ending no sentence, is a heading too (a subsection's). */
const SUBHEADING_RATIO = 1.08;
const REFERENCES_HEADING = /^(?:(?:\d+|[IVX]+)\.?\s+)?(?:references|bibliography|works cited|literature cited|reference list)$/i;
const NUMBERED_HEADING = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]+\.)\s+\p{Lu}/u;
const CAPTION = /^(?:figure|fig\.|table|chart|exhibit)\s+\d+[.:]/i;
const ENDS_SENTENCE = /[.!?:"”’)]$/;
/** What ends a sentence as written: its mark, then closing quotes or brackets. */
const SENTENCE_MARK = /[.!?…]["'”’)\]]*$/;

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Whether `before` ends a sentence when `after` follows it, as the sentence splitter decides ("Nov." before "19" does not). */
function endsSentence(before: string, after: string): boolean {
  if (!SENTENCE_MARK.test(before)) return false;
  const tail = before.length > 80 ? before.slice(before.indexOf(' ', before.length - 80) + 1) : before;
  let said = '';
  for (const sentence of splitSentences(`${tail} ${after.slice(0, 40)}`)) {
    said = said ? `${said} ${sentence}` : sentence;
    if (said.length >= tail.length) return said === tail;
  }
  return false;
}

/** A line made only of figures (a table's row): at least three tokens, most of them numbers. */
function isFigures(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length < 3) return false;
  const numbers = tokens.filter((token) => /^[-+−(]?[$€£]?\d[\d.,:/%]*\)?%?$/.test(token)).length;
  return numbers / tokens.length >= 0.6;
}

interface Block {
  kind: 'h' | 'p' | 'c' | 't';
  lines: Line[];
}

/** A table's lines: its header row and rows with their cells apart by tabs, or rows of cells said in a list. */
function tableLines({ header, rows }: PdfTable): { text: string; kind: string }[] {
  const said = (row: string[]) => row.map((cell) => cell.replace(/\s+/g, ' ').trim());
  if (header) return [{ text: said(header).join('\t'), kind: 't' }, ...rows.map((row) => ({ text: said(row).join('\t'), kind: 'd' }))];
  return rows.map((row) => ({ text: said(row).filter(Boolean).join(', '), kind: 'r' }));
}

/**
 * A paragraph cut by a table, a caption or smaller text set in its way (at a column's or page's top)
 * goes on after it: the paragraph's next line is the first of a later paragraph that opens lower case.
 */
function rejoinAroundInserts(blocks: Block[], bodySize: number): void {
  const insert = (block: Block) => block.kind === 'c' || block.kind === 't' || (block.kind === 'p' && block.lines[0]!.size < bodySize * 0.92);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const last = block.lines.at(-1)!;
    if (block.kind !== 'p' || SENTENCE_MARK.test(last.text) || Math.abs(last.size - bodySize) > 0.6) continue;
    for (let j = i + 1; j < Math.min(blocks.length, i + 4) && insert(blocks[j]!); j++) {
      const next = blocks[j + 1];
      if (next?.kind === 'p' && /^\p{Ll}/u.test(next.lines[0]!.text) && Math.abs(next.lines[0]!.size - bodySize) <= 0.6) {
        block.lines.push(...next.lines);
        blocks.splice(j + 1, 1);
        break;
      }
    }
  }
}

/** Laid-out lines into the document's text. */
export function layOutPdf(pages: PdfPageRuns[], options: PdfLayoutOptions = {}): PdfLayout {
  const perPage = removeFurniture(pages, pages.map(pageLines));
  const ordered = perPage.flatMap((pageLines, index) => readingOrder(pages[index]!, pageLines));
  if (ordered.length === 0) return { title: null, byline: null, text: '', lines: '' };
  const vocabulary = vocabularyOf(
    ordered.map((line) => line.text),
    options.isWord,
  );
  const lines = findTables(ordered);
  const join = (parts: Line[]) => parts.map((line) => line.text).reduce((joined, next) => joinLines(joined, next, vocabulary));

  const bodySize = bodySizeOf(ordered);
  const spacing = median(
    lines.slice(1).flatMap((line, i) => {
      const previous = lines[i]!;
      const gap = previous.y - line.y;
      return previous.page === line.page && previous.column === line.column && Math.abs(line.size - bodySize) < 0.6 && gap > 0 ? [gap] : [];
    }),
  ) || bodySize * 1.2;
  const larger = (line: Line) => line.size >= bodySize * HEADING_RATIO;

  // Title: the first page's opening lines when larger than anything else; authors: short lines right under it.
  let start = 0;
  let title: string | null = null;
  let byline: string | null = null;
  const titleSize = Math.max(...lines.filter((line) => line.page === 0).map((line) => line.size));
  const titleSized = (line: Line | undefined) => line?.page === 0 && Math.abs(line.size - titleSize) < 0.5;
  // Small lines in the top band above it (a journal's name, a date) are the page's furniture.
  const first = lines.findIndex((line, at) => titleSized(line) || !(line.size < titleSize && inMargin(line, pages[0]!) && at < 3));
  if (titleSize >= bodySize * HEADING_RATIO && titleSized(lines[first])) {
    start = first;
    while (titleSized(lines[start])) start++;
    title = join(lines.slice(first, start));
    // Front matter: short lines under the title up to a gap (authors, then affiliations and e-mail lines, skipped).
    const front = lines.slice(start, start + 12).map((line, at, all) => {
      const previous = lines[start + at - 1]!;
      const next = all[at + 1] ?? lines[start + at + 1];
      return {
        text: line.text,
        apart: at === 0 || previous.page !== line.page || previous.y - line.y > spacing * 1.4,
        closes: !next || next.page !== line.page || line.y - next.y > spacing * 1.4 || larger(next) || isAbstractHeading(next.text),
        eligible: line.page === 0 && !larger(line) && !NUMBERED_HEADING.test(line.text) && !isAbstractHeading(line.text) && line.text.length <= 120 && (isEmailLine(line.text) || !/[.!?]$/.test(line.text)),
      };
    });
    const { count, authors } = frontMatter(front);
    if (count > 0) {
      byline = authors.length > 0 ? authors.join(', ') : null;
      start += count;
    }
  }

  // Each column's edges on each page, from its lines at the text's size.
  const edges = new Map<string, { left: number; right: number }>();
  for (const line of lines) {
    if (Math.abs(line.size - bodySize) > 0.6) continue;
    const key = `${line.page}:${line.column}`;
    const known = edges.get(key);
    edges.set(key, { left: Math.min(known?.left ?? line.x0, line.x0), right: Math.max(known?.right ?? line.x1, line.x1) });
  }
  const edgesOf = (line: Line) => edges.get(`${line.page}:${line.column}`) ?? { left: line.x0, right: line.x1 };
  /** A first line set in from the column's edge, as paragraphs often start. */
  const indented = (line: Line) => {
    const inset = line.x0 - edgesOf(line).left;
    return inset > bodySize * 0.8 && inset < bodySize * 4;
  };

  /** Whether the line at `at` opens a paragraph by its indent: set in from the line before it, or first after a break. */
  const opened = (at: number) => {
    const line = lines[at]!;
    const before = at > start ? lines[at - 1]! : null;
    return indented(line) && (!before || before.page !== line.page || before.column !== line.column || line.x0 - before.x0 > bodySize * 0.8 || blocks.at(-1)?.lines.length === 1);
  };
  // Blocks: a new one where the gap grows, the size changes, a heading stands alone, a line is set in or a short line ends a sentence.
  const blocks: Block[] = [];
  let block: Block | null = null;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = i > start ? lines[i - 1]! : null;
    // An e-mail line on the first page is the front matter's.
    if (line.page === 0 && isEmailLine(line.text)) continue;
    // A table stands alone.
    if (line.table) {
      block = { kind: 't', lines: [line] };
      blocks.push(block);
      continue;
    }
    // A numbered heading stands apart: after a gap or an ended sentence, short of the column's edge.
    const apart = !previous || previous.table !== undefined || previous.page !== line.page || previous.column !== line.column || previous.y - line.y > spacing * 1.25 || ENDS_SENTENCE.test(previous.text);
    const numbered = NUMBERED_HEADING.test(line.text) && apart && line.x1 < edgesOf(line).right - bodySize * 4 && !/[.,;]$/.test(line.text);
    const subheading = line.size >= bodySize * SUBHEADING_RATIO && line.text.length <= 80 && !SENTENCE_MARK.test(line.text);
    const headingLike = larger(line) || numbered || subheading || (isAbstractHeading(line.text) && apart);
    let breaks = !block || !previous || block.kind === 't';
    if (block && previous && !breaks) {
      const samePlace = previous.page === line.page && previous.column === line.column && previous.y > line.y;
      const gap = previous.y - line.y;
      const previousEnded = endsSentence(previous.text, line.text);
      if (Math.abs(line.size - previous.size) > 0.6 || (headingLike && block.kind !== 'h') || isFigures(line.text) !== isFigures(previous.text)) breaks = true;
      else if (block.kind === 'h' && !larger(line) && !(subheading && block.lines.length < 2)) breaks = true;
      else if (samePlace) {
        const shortEnd = previousEnded && previous.x1 < edgesOf(previous).right - bodySize * 4;
        // Lines of a larger size (a heading's) stand further apart.
        // A first line is set in from the line before it (a block set in on both sides, as an abstract is, opens further in still).
        const setIn = line.x0 - previous.x0 > bodySize * 0.8 && indented(line);
        breaks = gap > Math.max(spacing * 1.25, previous.size * 1.5) || setIn || (indented(line) && previousEnded && opened(i - 1)) || shortEnd;
      } else {
        // A new column or page: the paragraph goes on unless the last line ended a sentence.
        // A caption there (a figure's or table's, set at the top) stands apart.
        breaks = previousEnded || CAPTION.test(line.text);
      }
    }
    if (breaks) {
      block = { kind: headingLike ? 'h' : CAPTION.test(line.text) ? 'c' : 'p', lines: [line] };
      blocks.push(block);
    } else block!.lines.push(line);
  }

  rejoinAroundInserts(blocks, bodySize);

  const out: { text: string; kind: string }[] = [];
  let figures = 0;
  const flushFigures = () => {
    if (figures >= 2) out.push({ text: tableNote(figures), kind: 'p' });
    figures = 0;
  };
  for (const [index, { kind, lines: blockLines }] of blocks.entries()) {
    const table = blockLines[0]!.table;
    if (table) {
      flushFigures();
      // Its caption just before it is read before it.
      const caption = out.at(-1);
      if (caption?.kind === 'c' && /^table\b/i.test(caption.text)) caption.kind = 'n';
      out.push(...tableLines(table));
      continue;
    }
    // Rows of figures (a table's body) are counted and announced.
    if (kind === 'p' && blockLines.every((line) => isFigures(line.text))) {
      figures += blockLines.length;
      continue;
    }
    flushFigures();
    const text = join(blockLines);
    if ((kind === 'h' || blockLines.length === 1) && REFERENCES_HEADING.test(text)) {
      out.push({ text: REFERENCES_NOTE, kind: 'p' });
      // Skipped up to an appendix, if one follows.
      const appendix = blocks.findIndex((other, at) => at > index && other.kind === 'h' && /^(?:[A-Z]\.?\s+)?appendix/i.test(other.lines[0]!.text));
      if (appendix < 0) break;
      blocks.splice(index + 1, appendix - index - 1);
      continue;
    }
    const runIn = kind === 'p' ? splitRunInAbstract(text) : null;
    if (runIn) out.push({ text: runIn[0], kind: 'h' }, { text: runIn[1], kind: 'p' });
    else if (kind === 'h' && isAbstractHeading(text)) out.push({ text: abstractHeading(text), kind });
    else out.push({ text, kind: kind === 'h' && text.length > 200 ? 'p' : kind });
  }
  flushFigures();
  return { title, byline, text: out.map((line) => line.text).join('\n'), lines: out.map((line) => line.kind).join('') };
}
