/**
 * Read mode's code blocks and tables, which a listener cannot follow symbol by symbol or cell by
 * cell. A code block (a run of code lines) is announced once and not read; the transcript still
 * shows it (`shown`). A data table is read row by row, each cell with its column's name; a header
 * row repeated in its body or footer is not read again; a long or wide table is summarized (and
 * shown). The words are the article's language's for en, de, fr and es, English otherwise.
 */
import { LINE_KIND } from './types.ts';

/** Tables with more rows than this are summarized rather than read. */
export const MAX_READ_ROWS = 12;
/** Tables with more cells than this (header included) are summarized rather than read. */
export const MAX_READ_CELLS = 150;
/** Column names a summary lists; the rest are counted. */
const NAMED_COLUMNS = 8;

/** A sentence group of a block: said as a paragraph of its own. */
export interface BlockPart {
  text: string;
  /** The article line it stands for. */
  sourceParagraph: number;
  /** What the transcript shows after it without it being spoken (the code, the whole table). */
  shown?: string;
}

export interface BlockReading {
  parts: BlockPart[];
  /** The line after the block. */
  end: number;
}

interface Words {
  code: (lines: number) => string;
  table: (rows: number, columns: string) => string;
  and: string;
  more: (n: number) => string;
}

const WORDS: Record<string, Words> = {
  en: {
    code: (n) => (n === 1 ? 'A code example of one line follows in the article.' : `A code example of ${n} lines follows in the article.`),
    table: (rows, columns) => `A table of ${rows} ${rows === 1 ? 'row' : 'rows'}${columns ? ` with columns ${columns}` : ''}.`,
    and: 'and',
    more: (n) => `${n} more`,
  },
  de: {
    code: (n) => (n === 1 ? 'Im Artikel folgt ein Codebeispiel mit einer Zeile.' : `Im Artikel folgt ein Codebeispiel mit ${n} Zeilen.`),
    table: (rows, columns) => `Eine Tabelle mit ${rows} ${rows === 1 ? 'Zeile' : 'Zeilen'}${columns ? ` und den Spalten ${columns}` : ''}.`,
    and: 'und',
    more: (n) => `${n} weiteren`,
  },
  fr: {
    code: (n) => (n === 1 ? "Un exemple de code d'une ligne suit dans l'article." : `Un exemple de code de ${n} lignes suit dans l'article.`),
    table: (rows, columns) => `Un tableau de ${rows} ${rows === 1 ? 'ligne' : 'lignes'}${columns ? ` avec les colonnes ${columns}` : ''}.`,
    and: 'et',
    more: (n) => `${n} autres`,
  },
  es: {
    code: (n) => (n === 1 ? 'Sigue en el artículo un ejemplo de código de una línea.' : `Sigue en el artículo un ejemplo de código de ${n} líneas.`),
    table: (rows, columns) => `Una tabla de ${rows} ${rows === 1 ? 'fila' : 'filas'}${columns ? ` con las columnas ${columns}` : ''}.`,
    and: 'y',
    more: (n) => `${n} más`,
  },
};

const wordsFor = (language: string | undefined) => WORDS[(language ?? 'en').slice(0, 2).toLowerCase()] ?? WORDS.en!;

const cellsOf = (line: string) => line.split('\t').map((cell) => cell.replace(/\s+/g, ' ').trim());
const sameRow = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
const ended = (text: string) => (/[.!?…:;]["'”’)\]]*$/.test(text) ? text : `${text}.`);

/** "A, B and C"; past NAMED_COLUMNS, the rest counted. */
function listOf(names: string[], words: Words): string {
  const named = names.slice(0, NAMED_COLUMNS);
  if (names.length > NAMED_COLUMNS) named.push(words.more(names.length - NAMED_COLUMNS));
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} ${words.and} ${named.at(-1)}` : (named[0] ?? '');
}

/** A run of code lines from `start`: announced, shown, not read. */
function codeBlock(lines: readonly string[], kinds: string, start: number, words: Words): BlockReading {
  let end = start;
  while (end < lines.length && kinds[end] === LINE_KIND.code) end++;
  const code = lines.slice(start, end);
  return { parts: [{ text: words.code(code.length), sourceParagraph: start, shown: code.join('\n') }], end };
}

/** A data table from its header row at `start`: its rows with their column names, or a summary. */
function dataTable(lines: readonly string[], kinds: string, start: number, words: Words): BlockReading {
  // Several header rows (grouped columns): the one with the most cells names the columns.
  let header = start;
  let end = start + 1;
  for (; end < lines.length && kinds[end] === LINE_KIND.headerRow; end++) {
    if (cellsOf(lines[end]!).length >= cellsOf(lines[header]!).length) header = end;
  }
  const rows: number[] = [];
  let cells = cellsOf(lines[header]!).length;
  for (; end < lines.length; end++) {
    const kind = kinds[end];
    if (kind === LINE_KIND.dataRow) {
      rows.push(end);
      cells += lines[end]!.split('\t').length;
    } else if (kind !== LINE_KIND.headerRow || !sameRow(lines[end]!, lines[header]!)) break;
    // A header row repeated in the body or the footer is not read again.
  }
  const columns = cellsOf(lines[header]!).map((name) => name.replace(/[\s:]+$/, ''));
  if (rows.length === 0) {
    return { parts: [{ text: ended(columns.filter(Boolean).join(', ')), sourceParagraph: start }], end };
  }
  if (rows.length > MAX_READ_ROWS || cells > MAX_READ_CELLS) {
    const text = words.table(rows.length, listOf(columns.filter(Boolean), words));
    return { parts: [{ text, sourceParagraph: start, shown: lines.slice(start, end).join('\n') }], end };
  }
  const parts = rows.map((row) => {
    const said = cellsOf(lines[row]!).flatMap((cell, i) => {
      if (!/[\p{L}\p{N}]/u.test(cell)) return [];
      const column = columns[i];
      return [column && column !== cell ? `${column}: ${ended(cell)}` : ended(cell)];
    });
    return { text: said.join(' '), sourceParagraph: row };
  });
  return { parts: parts.filter((part) => part.text), end };
}

/**
 * The reading of the code block or data table that starts at line `start`, and the line after it;
 * null when none starts there. Each line is looked at once, so a block of any size takes linear time.
 */
export function readBlock(lines: readonly string[], kinds: string, start: number, language?: string): BlockReading | null {
  const kind = kinds[start];
  if (kind === LINE_KIND.code) return codeBlock(lines, kinds, start, wordsFor(language));
  if (kind === LINE_KIND.headerRow) return dataTable(lines, kinds, start, wordsFor(language));
  return null;
}
