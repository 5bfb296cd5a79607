/**
 * Tables in a PDF's lines: three or more rows on consecutive baselines, each cut into cells by wide
 * gaps, whose cells stand in the same columns from row to row. A cell's text wrapped onto the lines
 * below (a line holding only a later column's text) stays in its cell. The first row names the
 * columns unless it reads like the rows under it (figures where they have figures).
 */
import type { Line } from './pdf-lines.ts';

export interface PdfTable {
  /** The columns' names; null when the first row is data like the rest. */
  header: string[] | null;
  rows: string[][];
}

/** A line, or a whole table standing where its first line was. */
export type TableLine = Line & { table?: PdfTable };

const FIGURE = /^[-+−(]?[$€£]?\d[\d.,:/%]*\)?%?$/;
/** Rows a table has at least, its header included. */
const MIN_ROWS = 3;
/** A row's cells of prose this long on average are two texts side by side, not a table. */
const MAX_CELL_CHARS = 60;

interface Row {
  cells: Line[];
  y: number;
}

/** Lines one after another on one baseline of one page and column. */
function rowsOf(lines: Line[]): Row[] {
  const rows: Row[] = [];
  for (const line of lines) {
    const row = rows.at(-1);
    const first = row?.cells[0];
    if (row && first && first.page === line.page && first.column === line.column && Math.abs(first.y - line.y) < Math.min(first.size, line.size) * 0.35) {
      row.cells.push(line);
    } else rows.push({ cells: [line], y: line.y });
  }
  return rows;
}

/** Columns as spans of x: the cells' extents, merged where they overlap from row to row. */
function columnsOf(rows: Row[]): [number, number][] {
  const spans = rows.flatMap((row) => row.cells.map((cell): [number, number] => [cell.x0, cell.x1])).sort((a, b) => a[0] - b[0]);
  const columns: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = columns.at(-1);
    if (last && x0 <= last[1] + 0.5) last[1] = Math.max(last[1], x1);
    else columns.push([x0, x1]);
  }
  return columns;
}

/** The column a cell falls in: the one it overlaps most, else the nearest. */
function columnOf(cell: Line, columns: [number, number][]): number {
  let best = 0;
  let score = -Infinity;
  for (const [index, [x0, x1]] of columns.entries()) {
    const overlap = Math.min(x1, cell.x1) - Math.max(x0, cell.x0);
    if (overlap > score) [best, score] = [index, overlap];
  }
  return best;
}

const isFigure = (text: string) => FIGURE.test(text.replace(/\s+/g, ''));

/** The table whose first row is `rows[start]`, and the row after it; null when none starts there. */
function tableAt(rows: Row[], start: number): { table: PdfTable; end: number } | null {
  const first = rows[start]!;
  if (first.cells.length < 2) return null;
  const at = first.cells[0]!;
  const size = Math.max(...first.cells.map((cell) => cell.size));
  const left = Math.min(...first.cells.map((cell) => cell.x0));
  let right = Math.max(...first.cells.map((cell) => cell.x1));
  let end = start + 1;
  for (let previousY = first.y; end < rows.length; end++) {
    const row = rows[end]!;
    const cell = row.cells[0]!;
    const gap = previousY - row.y;
    if (cell.page !== at.page || cell.column !== at.column || gap > size * 2.6 || gap <= 0) break;
    if (row.cells.length >= 2) right = Math.max(right, ...row.cells.map((other) => other.x1));
    // A line of one cell close under a row, in a later column and within the table, carries on a wrapped cell.
    else if (cell.x0 < left + size || cell.x1 > right + size || gap > size * 1.6) break;
    previousY = row.y;
  }
  const taken = rows.slice(start, end);
  const full = taken.filter((row) => row.cells.length >= 2);
  if (full.length < MIN_ROWS) return null;
  const cells = full.flatMap((row) => row.cells);
  if (cells.reduce((sum, cell) => sum + cell.text.length, 0) / cells.length > MAX_CELL_CHARS) return null;
  // The data rows say where the columns are (a header's name may stretch over two).
  const columns = columnsOf(full.length > MIN_ROWS - 1 ? full.slice(1) : full);
  if (columns.length < 2) return null;
  const grid: string[][] = [];
  for (const row of taken) {
    const line = Array<string>(columns.length).fill('');
    const target = row.cells.length >= 2 || grid.length === 0 ? line : grid.at(-1)!;
    for (const cell of row.cells) {
      const column = columnOf(cell, columns);
      target[column] = target[column] ? `${target[column]} ${cell.text}` : cell.text;
    }
    if (target === line) grid.push(line);
  }
  const [head, second] = grid;
  const figures = (row: string[] | undefined) => row?.filter((cell) => cell && isFigure(cell)).length ?? 0;
  const header = head && figures(head) < Math.max(1, figures(second)) ? head : null;
  return { table: { header, rows: header ? grid.slice(1) : grid }, end };
}

/** `lines` with each table's lines replaced by one line that holds the table. */
export function findTables(lines: Line[]): TableLine[] {
  const rows = rowsOf(lines);
  const out: TableLine[] = [];
  for (let index = 0; index < rows.length; ) {
    const found = tableAt(rows, index);
    if (found) {
      const first = rows[index]!.cells[0]!;
      const text = [found.table.header, ...found.table.rows].filter(Boolean).map((row) => row!.join(' ')).join(' ');
      out.push({ ...first, text, x1: Math.max(...rows.slice(index, found.end).flatMap((row) => row.cells.map((cell) => cell.x1))), table: found.table });
      index = found.end;
    } else {
      out.push(...rows[index]!.cells);
      index++;
    }
  }
  return out;
}
