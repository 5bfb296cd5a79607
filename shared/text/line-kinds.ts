/**
 * The kind of each line of an article's text (see article-text.ts), one letter a line, so read mode
 * can be heard with its structure: h heading, i list item, c caption of an image, q quotation,
 * x a line of code (a `<pre>`, or a `<code>` standing alone as a block), p anything else; and for
 * tables: n a table's caption, t a data table's header row, d a data table's row, r a row of any
 * other table (one column, or no header: laid out, not data). A line takes the kind of the
 * structural element whose text it is (compared without whitespace, as table cells and nested
 * inline elements space their words differently).
 */

/** The part of a DOM element this module reads; a DOM Element and linkedom's both satisfy it. */
export interface KindElement {
  readonly textContent: string | null;
  readonly localName: string;
  readonly parentElement: KindElement | null;
  readonly firstElementChild: KindElement | null;
  readonly nextElementSibling: KindElement | null;
  querySelector(selectors: string): KindElement | null;
  querySelectorAll(selectors: string): Iterable<KindElement>;
}

/**
 * Selectors and their kind, strongest first: a caption inside a list item stays a caption. Code and
 * data tables come between the two lists: a heading stays a heading, a line of code in a list is code.
 */
const BEFORE_CODE: readonly [string, string][] = [
  ['figcaption', 'c'],
  ['caption', 'n'],
  ['h1, h2, h3, h4, h5, h6', 'h'],
];
const AFTER_CODE: readonly [string, string][] = [
  ['tr', 'r'],
  ['li, dt, dd', 'i'],
  ['blockquote, blockquote p', 'q'],
];

/** Blocks whose `<code>` is part of their own structure (a list of names, a cell), not a code example. */
const CODE_KEPT_IN = new Set(['li', 'dt', 'dd', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a']);

const key = (text: string) => text.replace(/\s+/g, '');
const nameOf = (element: KindElement) => element.localName.toLowerCase();

function* childrenOf(element: KindElement): Generator<KindElement> {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) yield child;
}

/** A table's own rows (not those of a table inside it) and whether each is in its `<thead>`. */
function rowsOf(table: KindElement): { row: KindElement; head: boolean }[] {
  const rows: { row: KindElement; head: boolean }[] = [];
  for (const child of childrenOf(table)) {
    const name = nameOf(child);
    if (name === 'tr') rows.push({ row: child, head: false });
    else if (name === 'thead' || name === 'tbody' || name === 'tfoot') {
      for (const row of childrenOf(child)) if (nameOf(row) === 'tr') rows.push({ row, head: name === 'thead' });
    }
  }
  return rows;
}

function cellsOf(row: KindElement): KindElement[] {
  return [...childrenOf(row)].filter((cell) => nameOf(cell) === 'td' || nameOf(cell) === 'th');
}

/**
 * The rows of each data table, marked t (header) or d: a table is data when it has a header (rows in
 * `<thead>`, else a first row of `<th>` cells only) of two columns or more, and no table inside it.
 */
function markTables(root: KindElement, kinds: Map<string, string>): void {
  for (const table of root.querySelectorAll('table')) {
    if (table.querySelector('table')) continue;
    const rows = rowsOf(table);
    let head = rows.filter((r) => r.head).map((r) => r.row);
    const first = rows[0]?.row;
    if (head.length === 0 && first) {
      const cells = cellsOf(first);
      if (cells.length > 0 && cells.every((cell) => nameOf(cell) === 'th')) head = [first];
    }
    if (!head.some((row) => cellsOf(row).length >= 2)) continue;
    const header = new Set(head);
    for (const { row } of rows) {
      const k = key(row.textContent ?? '');
      if (k && !kinds.has(k)) kinds.set(k, header.has(row) ? 't' : 'd');
    }
  }
}

/** Each line of each `<pre>`, and each `<code>` that is a block's whole text, is code. */
function markCode(root: KindElement, kinds: Map<string, string>): void {
  const mark = (text: string) => {
    for (const line of text.split(/\r\n|\r|\n/)) {
      const k = key(line);
      if (k && !kinds.has(k)) kinds.set(k, 'x');
    }
  };
  for (const pre of root.querySelectorAll('pre')) mark(pre.textContent ?? '');
  // Each parent's text once: a paragraph of many inline code spans stays linear.
  const parents = new Map<KindElement, string>();
  for (const code of root.querySelectorAll('code')) {
    const parent = code.parentElement;
    if (!parent || CODE_KEPT_IN.has(nameOf(parent))) continue;
    const text = code.textContent ?? '';
    if (!parents.has(parent)) parents.set(parent, key(parent.textContent ?? ''));
    if (key(text) && key(text) === parents.get(parent)) mark(text);
  }
}

export function lineKinds(root: KindElement, text: string): string {
  const kinds = new Map<string, string>();
  const markAll = (list: readonly [string, string][]) => {
    for (const [selector, kind] of list) {
      for (const element of root.querySelectorAll(selector)) {
        const k = key(element.textContent ?? '');
        if (k && !kinds.has(k)) kinds.set(k, kind);
      }
    }
  };
  markAll(BEFORE_CODE);
  markCode(root, kinds);
  markTables(root, kinds);
  markAll(AFTER_CODE);
  return text
    .split('\n')
    .map((line) => kinds.get(key(line)) ?? 'p')
    .join('');
}
