/**
 * A PDF's text in the order a listener follows it, from the positioned runs of text a PDF holds:
 * runs on one baseline become lines, a page in two columns is read column by column, running headers,
 * footers and page numbers go, footnote markers go, lines join into paragraphs (a word hyphenated
 * across lines rejoined), larger or numbered short lines become headings, rows of figures are
 * announced instead of read, and the references section is skipped with a note. Pure: the PDF parser
 * hands the runs in, the article's lines and their kinds come out (kinds as in line-kinds.ts).
 */

/** One run of text as the parser gives it: baseline origin in points (y up), advance width, font size. */
export interface PdfRun {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface PdfPageRuns {
  width: number;
  height: number;
  runs: PdfRun[];
}

export interface PdfLayout {
  /** The title read from the first page's largest lines; null when nothing stands out. */
  title: string | null;
  /** Short lines between that title and the text (authors). */
  byline: string | null;
  /** One paragraph or heading a line. */
  text: string;
  /** One kind letter a line of `text`: h heading, c a figure's caption, p anything else. */
  lines: string;
}

/** A line on one page: runs on one baseline with no wide gap between them. */
interface Line {
  page: number;
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  /** The column it sits in on a page read in two: 0 full width or single column, 1 left, 2 right. */
  column: 0 | 1 | 2;
}

/** The spoken note where the references begin. */
export const REFERENCES_NOTE = 'The references are not read.';
export const tableNote = (rows: number) => `The document shows a table of ${rows} rows here; its figures are not read.`;

/** Top and bottom bands of a page where running headers, footers and page numbers live. */
const MARGIN_BAND = 0.1;
/** A gap wider than this many font sizes separates two lines on one baseline (columns, table cells). */
const RUN_GAP = 1.2;
const HEADING_RATIO = 1.15;
const REFERENCES_HEADING = /^(?:(?:\d+|[IVX]+)\.?\s+)?(?:references|bibliography|works cited|literature cited|reference list)$/i;
const NUMBERED_HEADING = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]+\.)\s+\p{Lu}/u;
const CAPTION = /^(?:figure|fig\.|table|chart|exhibit)\s+\d+[.:]/i;
const PAGE_NUMBER = /^(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|\/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;
const ENDS_SENTENCE = /[.!?:"”’)]$/;
const FOOTNOTE_MARK = /^(?:\d{1,3}|[*†‡§¶]+)$/;

const mostCommon = (values: number[]): number => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? 0;
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
};

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Runs grouped by baseline, left to right, split where a gap is wider than a column's gutter. */
function pageLines(page: PdfPageRuns, index: number): Line[] {
  const runs = page.runs.filter((run) => run.text.trim() && run.size > 0);
  // Footnote markers: small runs of a digit or a dagger raised above the line they follow.
  const bodyRuns = runs.filter(
    (run) =>
      !(
        FOOTNOTE_MARK.test(run.text.trim()) &&
        runs.some((other) => other !== run && run.size < other.size * 0.8 && run.y > other.y && run.y - other.y < other.size * 0.7 && Math.abs(run.x - (other.x + other.width)) < other.size * 0.5)
      ),
  );
  const sorted = [...bodyRuns].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfRun[][] = [];
  for (const run of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - run.y) < Math.min(row[0]!.size, run.size) * 0.35) row.push(run);
    else rows.push([run]);
  }
  const lines: Line[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let current: Line | null = null;
    for (const run of row) {
      const gap = current ? run.x - current.x1 : 0;
      if (current && gap < Math.max(current.size, run.size) * RUN_GAP) {
        const space = gap > run.size * 0.15 && !/\s$/.test(current.text) && !/^\s/.test(run.text) ? ' ' : '';
        current.text += space + run.text;
        current.x1 = Math.max(current.x1, run.x + run.width);
        current.size = Math.max(current.size, run.size);
        continue;
      }
      current = { page: index, text: run.text, x0: run.x, x1: run.x + run.width, y: run.y, size: run.size, column: 0 };
      lines.push(current);
    }
  }
  for (const line of lines) line.text = line.text.replace(/\s+/g, ' ').trim();
  return lines.filter((line) => line.text);
}

/** Whether a line sits in the top or bottom band of its page. */
const inMargin = (line: Line, page: PdfPageRuns) => line.y > page.height * (1 - MARGIN_BAND) || line.y < page.height * MARGIN_BAND;

/** A line's text with its numbers blurred, so "Page 3" and "Page 4" are the same running footer. */
const furnitureKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Lines that repeat in the margins of many pages, page numbers in the margins, and what shares a page number's line (a running header). */
function removeFurniture(pages: PdfPageRuns[], lines: Line[][]): Line[][] {
  const pagesWith = new Map<string, number>();
  for (const [index, pageLines] of lines.entries()) {
    const keys = new Set(pageLines.filter((line) => inMargin(line, pages[index]!)).map((line) => furnitureKey(line.text)));
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const repeated = (key: string) => lines.length >= 2 && (pagesWith.get(key) ?? 0) >= Math.max(2, Math.ceil(lines.length * 0.4));
  return lines.map((pageLines, index) => {
    const margin = pageLines.filter((line) => inMargin(line, pages[index]!));
    const numbered = margin.filter((line) => PAGE_NUMBER.test(line.text));
    const furniture = new Set(
      margin.filter((line) => repeated(furnitureKey(line.text)) || numbered.some((number) => Math.abs(number.y - line.y) < number.size * 0.5)),
    );
    return pageLines.filter((line) => !furniture.has(line));
  });
}

/**
 * The page's lines in reading order. A page is in two columns when lines sit wholly on each side of
 * its middle, those on the right starting at one edge; then lines crossing the middle (a title, a wide figure) cut the page into
 * bands, and each band is read left column first.
 */
function readingOrder(page: PdfPageRuns, lines: Line[]): Line[] {
  const middle = page.width / 2;
  const gutter = page.width * 0.01;
  const left = lines.filter((line) => line.x1 < middle + gutter);
  const right = lines.filter((line) => line.x0 > middle - gutter);
  const substantial = (side: Line[]) => side.filter((line) => line.x1 - line.x0 > page.width * 0.2).length;
  // A right column's lines share their left edge (a table's cells or a date on the right do not run wide).
  const edges = new Map<number, number>();
  for (const line of right) edges.set(Math.round(line.x0 / 2), (edges.get(Math.round(line.x0 / 2)) ?? 0) + 1);
  const aligned = Math.max(0, ...edges.values());
  const twoColumns = substantial(left) >= 3 && substantial(right) >= 1 && aligned >= 2 && left.length + right.length >= lines.length * 0.6;
  const byPosition = [...lines].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  if (!twoColumns) return byPosition;
  const ordered: Line[] = [];
  let band: Line[] = [];
  const flush = () => {
    for (const line of band) line.column = line.x0 > middle - gutter ? 2 : 1;
    ordered.push(...band.filter((line) => line.column === 1), ...band.filter((line) => line.column === 2));
    band = [];
  };
  for (const line of byPosition) {
    const spans = line.x0 < middle - gutter && line.x1 > middle + gutter;
    if (spans) {
      flush();
      ordered.push(line);
    } else band.push(line);
  }
  flush();
  return ordered;
}

/** A line made only of figures (a table's row): at least three tokens, most of them numbers. */
function isFigures(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length < 3) return false;
  const numbers = tokens.filter((token) => /^[-+−(]?[$€£]?\d[\d.,:/%]*\)?%?$/.test(token)).length;
  return numbers / tokens.length >= 0.6;
}

interface Block {
  kind: 'h' | 'p' | 'c';
  lines: Line[];
}

/** The document's words, and the compounds it writes with a hyphen, for telling a broken word from a compound. */
interface Vocabulary {
  words: Set<string>;
  compounds: Set<string>;
}

/** Words that are whole where they stand: not a line's first (it may end a broken word), nor a last one before a hyphen. */
function vocabularyOf(lines: Line[]): Vocabulary {
  const words = new Set<string>();
  const compounds = new Set<string>();
  for (const line of lines) {
    const tokens = line.text.toLowerCase().match(/\p{L}+(?:-\p{L}+)*-?/gu) ?? [];
    for (const [at, token] of tokens.entries()) {
      if (at === 0 || token.endsWith('-')) continue;
      if (token.includes('-')) compounds.add(token);
      for (const part of token.split('-')) words.add(part);
    }
  }
  return { words, compounds };
}

/**
 * Joins two lines of one paragraph. A word broken by a hyphen at the line's end is rejoined, unless
 * it is a compound: written so elsewhere, or made of two words the document uses while the joined
 * word is not one of them ("fuel-" "efficient" stays "fuel-efficient", "con-" "trol" becomes "control").
 */
function joinLines(before: string, after: string, vocabulary: Vocabulary): string {
  const split = /(\p{L}+)[-\u00ad]$/u.exec(before);
  if (split && /^\p{Ll}/u.test(after)) {
    const head = split[1]!.toLowerCase();
    const tail = (/^\p{L}+/u.exec(after)?.[0] ?? '').toLowerCase();
    const compound =
      !before.endsWith('\u00ad') &&
      !vocabulary.words.has(head + tail) &&
      (vocabulary.compounds.has(`${head}-${tail}`) || (head.length > 1 && vocabulary.words.has(head) && vocabulary.words.has(tail)));
    return compound ? before + after : before.slice(0, -1) + after;
  }
  return `${before} ${after}`;
}

/** Laid-out lines into the document's text. */
export function layOutPdf(pages: PdfPageRuns[]): PdfLayout {
  const perPage = removeFurniture(pages, pages.map(pageLines));
  const lines = perPage.flatMap((pageLines, index) => readingOrder(pages[index]!, pageLines));
  if (lines.length === 0) return { title: null, byline: null, text: '', lines: '' };

  const bodySize = mostCommon(lines.flatMap((line) => Array<number>(Math.min(line.text.length, 200)).fill(Math.round(line.size * 2) / 2)));
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
    title = lines.slice(first, start).map((line) => line.text).join(' ');
    // Authors: up to three short lines after the title, set apart from what follows by a gap.
    const authorLike = (line: Line) =>
      line.page === 0 && !larger(line) && !NUMBERED_HEADING.test(line.text) && line.text.length <= 120 && !/[.!?]$/.test(line.text);
    for (let end = start; end < lines.length && end - start < 3 && authorLike(lines[end]!); ) {
      const line = lines[end++]!;
      const next = lines[end];
      if (!next || next.page !== 0 || line.y - next.y > spacing * 1.4 || larger(next)) {
        byline = lines.slice(start, end).map((author) => author.text).join(', ');
        start = end;
        break;
      }
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

  // Blocks: a new one where the gap grows, the size changes, a heading stands alone, a line is set in or a short line ends a sentence.
  const blocks: Block[] = [];
  let block: Block | null = null;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = i > start ? lines[i - 1]! : null;
    // A numbered heading stands apart: after a gap or an ended sentence, short of the column's edge.
    const apart = !previous || previous.page !== line.page || previous.column !== line.column || previous.y - line.y > spacing * 1.25 || ENDS_SENTENCE.test(previous.text);
    const numbered = NUMBERED_HEADING.test(line.text) && apart && line.x1 < edgesOf(line).right - bodySize * 4 && !/[.,;]$/.test(line.text);
    const headingLike = larger(line) || numbered;
    let breaks = !block || !previous;
    if (block && previous) {
      const samePlace = previous.page === line.page && previous.column === line.column && previous.y > line.y;
      const gap = previous.y - line.y;
      const previousEnded = ENDS_SENTENCE.test(previous.text);
      if (Math.abs(line.size - previous.size) > 0.6 || (headingLike && block.kind !== 'h') || isFigures(line.text) !== isFigures(previous.text)) breaks = true;
      else if (block.kind === 'h' && !larger(line)) breaks = true;
      else if (samePlace) {
        const shortEnd = previousEnded && previous.x1 < edgesOf(previous).right - bodySize * 4;
        breaks = gap > spacing * 1.25 || (indented(line) && (!indented(previous) || previousEnded)) || shortEnd;
      } else {
        // A new column or page: the paragraph goes on unless the last line ended a sentence and this one opens one.
        breaks = (previousEnded && /^[\p{Lu}\d"“(]/u.test(line.text)) || (indented(line) && previousEnded);
      }
    }
    if (breaks) {
      block = { kind: headingLike ? 'h' : CAPTION.test(line.text) ? 'c' : 'p', lines: [line] };
      blocks.push(block);
    } else block!.lines.push(line);
  }

  const vocabulary = vocabularyOf(lines);

  const out: { text: string; kind: string }[] = [];
  let figures = 0;
  const flushFigures = () => {
    if (figures >= 2) out.push({ text: tableNote(figures), kind: 'p' });
    figures = 0;
  };
  for (const [index, { kind, lines: blockLines }] of blocks.entries()) {
    // Rows of figures (a table's body) are counted and announced.
    if (kind === 'p' && blockLines.every((line) => isFigures(line.text))) {
      figures += blockLines.length;
      continue;
    }
    flushFigures();
    const text = blockLines.map((line) => line.text).reduce((joined, next) => joinLines(joined, next, vocabulary));
    if ((kind === 'h' || blockLines.length === 1) && REFERENCES_HEADING.test(text)) {
      out.push({ text: REFERENCES_NOTE, kind: 'p' });
      // Skipped up to an appendix, if one follows.
      const appendix = blocks.findIndex((other, at) => at > index && other.kind === 'h' && /^(?:[A-Z]\.?\s+)?appendix/i.test(other.lines[0]!.text));
      if (appendix < 0) break;
      blocks.splice(index + 1, appendix - index - 1);
      continue;
    }
    out.push({ text, kind: kind === 'h' && text.length > 200 ? 'p' : kind });
  }
  flushFigures();
  return { title, byline, text: out.map((line) => line.text).join('\n'), lines: out.map((line) => line.kind).join('') };
}
