/**
 * A PDF page's runs of text as lines in reading order: runs on one baseline become lines (split where
 * a gap is wider than a column's gutter or a table's cell spacing), footnote markers go, running
 * headers, footers and page numbers go, and a page set in two columns is read column by column.
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

/** A line on one page: runs on one baseline with no wide gap between them. */
export interface Line {
  page: number;
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  /** The column it sits in on a page read in two: 0 full width or single column, 1 left, 2 right. */
  column: 0 | 1 | 2;
}

/** Top and bottom bands of a page where running headers, footers and page numbers live. */
const MARGIN_BAND = 0.1;
/** A gap wider than this many font sizes separates two lines on one baseline (columns, table cells). */
const RUN_GAP = 1.2;
const PAGE_NUMBER = /^(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|\/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;
const FOOTNOTE_MARK = /^(?:\d{1,3}|[*†‡§¶]+)$/;

export const mostCommon = (values: number[]): number => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? 0;
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
};

/** The size most of the text is set in, to the half point. */
export const bodySizeOf = (lines: Line[]) =>
  mostCommon(lines.flatMap((line) => Array<number>(Math.min(line.text.length, 200)).fill(Math.round(line.size * 2) / 2)));

/** Runs grouped by baseline, left to right, split where a gap is wider than a column's gutter. */
export function pageLines(page: PdfPageRuns, index: number): Line[] {
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
export const inMargin = (line: Line, page: PdfPageRuns) => line.y > page.height * (1 - MARGIN_BAND) || line.y < page.height * MARGIN_BAND;

/** A line's text with its numbers blurred, so "Page 3" and "Page 4" are the same running footer. */
const furnitureKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * A page's first or last line set apart in its margin, smaller than the text and no sentence: a
 * running header or footer even on a page of its own (a first page without one, a document of two).
 */
function standsApart(line: Line, pageLines: Line[], page: PdfPageRuns, bodySize: number, index: number): boolean {
  if (!inMargin(line, page) || line.size > bodySize * 0.92 || line.text.length > 100 || /[.!?]["”’)]*$/.test(line.text)) return false;
  const top = line.y > page.height / 2;
  // The first page's top belongs to its title and the lines above it.
  if (top && index === 0) return false;
  const others = pageLines.filter((other) => other !== line && Math.abs(other.y - line.y) >= line.size * 0.35);
  const beyond = others.filter((other) => (top ? other.y > line.y : other.y < line.y));
  const nearest = Math.min(...others.map((other) => Math.abs(other.y - line.y)));
  return beyond.length === 0 && nearest > bodySize * 1.8;
}

/** Lines that repeat in the margins of many pages, page numbers in the margins, what shares a page number's line (a running header), and a lone header or footer. */
export function removeFurniture(pages: PdfPageRuns[], lines: Line[][]): Line[][] {
  const pagesWith = new Map<string, number>();
  for (const [index, pageLines] of lines.entries()) {
    const keys = new Set(pageLines.filter((line) => inMargin(line, pages[index]!)).map((line) => furnitureKey(line.text)));
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const bodySize = bodySizeOf(lines.flat());
  const repeated = (key: string) => lines.length >= 2 && (pagesWith.get(key) ?? 0) >= Math.max(2, Math.ceil(lines.length * 0.4));
  return lines.map((pageLines, index) => {
    const page = pages[index]!;
    const margin = pageLines.filter((line) => inMargin(line, page));
    const numbered = margin.filter((line) => PAGE_NUMBER.test(line.text));
    const furniture = new Set(
      margin.filter(
        (line) =>
          repeated(furnitureKey(line.text)) ||
          numbered.some((number) => Math.abs(number.y - line.y) < number.size * 0.5) ||
          (lines.length >= 2 && standsApart(line, pageLines, page, bodySize, index)),
      ),
    );
    return pageLines.filter((line) => !furniture.has(line));
  });
}

/**
 * The page's lines in reading order. A page is in two columns when lines sit wholly on each side of
 * its middle, those on the right starting at one edge; then lines crossing the middle (a title, a wide figure) cut the page into
 * bands, and each band is read left column first.
 */
export function readingOrder(page: PdfPageRuns, lines: Line[]): Line[] {
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
