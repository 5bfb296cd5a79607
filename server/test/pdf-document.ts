/**
 * For tests: writes PDF files by hand (no dependency), so the PDF extraction can be checked against
 * documents whose text, positions and reading order are known exactly: single and two-column
 * layouts, running headers, page numbers, hyphenated words, and bad input (scans, encrypted,
 * truncated, a decompression bomb, HTML named .pdf).
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync, deflateSync, constants as zlibConstants } from 'node:zlib';

/** A run of text drawn at (x, y) in PDF points, origin bottom-left, Helvetica (or Helvetica-Bold), size in points. */
export interface PdfText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
}

/** A filled light-grey rectangle (a figure), drawn under the text. */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfPage {
  texts: PdfText[];
  boxes?: PdfBox[];
  /** a full-page grey image XObject and no text: a scan */
  image?: boolean;
  width?: number;
  height?: number;
}

export interface PdfOptions {
  /** Info dictionary /Title */
  title?: string;
  /** Info dictionary /Author */
  author?: string;
  /** catalog /Lang, e.g. "en-GB" */
  language?: string;
  /** FlateDecode content streams */
  compress?: boolean;
  /** an /Encrypt dictionary (standard handler, V 1 R 2, random O and U): readers need a password */
  encrypted?: boolean;
  /** an unused stream of this many random bytes: a file as large as a scanned report, read as fast as its text */
  padding?: number;
}

const LETTER = { width: 612, height: 792 };

// Helvetica and Helvetica-Bold AFM widths (1/1000 em) of ASCII 32–126, as pdf.js ships them.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
  278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
// Latin-1 letters beyond ASCII (é, ü, ...) are mostly as wide as a lower-case "o".
const NON_ASCII_WIDTH = 556;

/** Width of `text` in Helvetica (or Helvetica-Bold) at `size`, from the real AFM widths of ASCII 32–126. */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const char of text) {
    units += table[char.charCodeAt(0) - 32] ?? NON_ASCII_WIDTH;
  }
  return (units * size) / 1000;
}

// ---------------------------------------------------------------------------------------------
// writePdf

/** A PDF literal string: ( ) \ escaped, Latin-1 beyond ASCII as octal; anything else refused. */
function literalString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    // WinAnsi shows printable Latin-1 as itself; control characters would come back as other glyphs.
    if (code > 0xff || code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      throw new Error(`PDF test text must be printable Latin-1, got ${JSON.stringify(char)} in ${JSON.stringify(text)}`);
    }
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 126) out += `\\${code.toString(8)}`;
    else out += char;
  }
  return `${out})`;
}

/** An Info string: printable ASCII as a literal, anything else as UTF-16BE with a byte-order mark. */
function infoString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return literalString(text);
  return `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** A number as PDF writes it: finite, at most 3 decimals, no exponent. */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`PDF test number must be finite, got ${value}`);
  return String(Number(value.toFixed(3)));
}

function hex(bytes: Uint8Array): string {
  return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
}

/** Objects numbered from 1 in the order added; `write` lays them out with a correct xref table. */
class PdfObjects {
  private readonly bodies: (Uint8Array | undefined)[] = [];

  reserve(): number {
    this.bodies.push(undefined);
    return this.bodies.length;
  }

  set(ref: number, body: string | Uint8Array): void {
    this.bodies[ref - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  }

  add(body: string | Uint8Array): number {
    const ref = this.reserve();
    this.set(ref, body);
    return ref;
  }

  stream(dictionary: string, data: Uint8Array): number {
    const head = Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1');
    return this.add(Buffer.concat([head, data, Buffer.from('\nendstream', 'latin1')]));
  }

  write(trailer: string): Uint8Array {
    // The binary comment line tells transfer tools the file is binary.
    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets: number[] = [];
    this.bodies.forEach((body, index) => {
      if (!body) throw new Error(`PDF object ${index + 1} was reserved but never written`);
      const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      offsets.push(offset);
      chunks.push(chunk);
      offset += chunk.length;
    });
    // Each xref entry is exactly 20 bytes, ending in CR LF.
    const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n\r\n`).join('');
    const size = this.bodies.length + 1;
    chunks.push(
      Buffer.from(
        `xref\n0 ${size}\n0000000000 65535 f\r\n${entries}trailer\n<< /Size ${size} ${trailer} >>\nstartxref\n${offset}\n%%EOF\n`,
        'latin1',
      ),
    );
    return new Uint8Array(Buffer.concat(chunks));
  }
}

const SCAN_SIDE = 16;

/** A small grey image with a faint pattern, scaled to the page: what a scanner gives. */
function scanImage(): Uint8Array {
  const pixels = new Uint8Array(SCAN_SIDE * SCAN_SIDE);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 160 + ((i * 37) % 64);
  return pixels;
}

function contentStream(page: PdfPage, width: number, height: number): string {
  const ops: string[] = [];
  if (page.image) ops.push(`q ${num(width)} 0 0 ${num(height)} 0 0 cm /Im0 Do Q`);
  for (const box of page.boxes ?? []) {
    ops.push(`q 0.85 g ${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)} re f Q`);
  }
  for (const run of page.texts) {
    const font = run.bold ? '/F2' : '/F1';
    ops.push(`BT ${font} ${num(run.size)} Tf 1 0 0 1 ${num(run.x)} ${num(run.y)} Tm ${literalString(run.text)} Tj ET`);
  }
  return `${ops.join('\n')}\n`;
}

/** A complete PDF file: objects, xref table with correct offsets, trailer. Text strings escaped ( ) \ and non-Latin-1 refused. */
export function writePdf(pages: PdfPage[], options: PdfOptions = {}): Uint8Array {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const objects = new PdfObjects();
  const catalog = objects.reserve();
  const pagesRef = objects.reserve();
  const regular = objects.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = objects.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const image = pages.some((page) => page.image)
    ? objects.stream(
        `/Type /XObject /Subtype /Image /Width ${SCAN_SIDE} /Height ${SCAN_SIDE} /ColorSpace /DeviceGray /BitsPerComponent 8`,
        scanImage(),
      )
    : 0;

  const kids = pages.map((page) => {
    const width = page.width ?? LETTER.width;
    const height = page.height ?? LETTER.height;
    const text = Buffer.from(contentStream(page, width, height), 'latin1');
    const content = options.compress ? objects.stream('/Filter /FlateDecode', deflateSync(text)) : objects.stream('', text);
    const xObject = page.image ? ` /XObject << /Im0 ${image} 0 R >>` : '';
    return objects.add(
      `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${num(width)} ${num(height)}] ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >>${xObject} >> /Contents ${content} 0 R >>`,
    );
  });
  objects.set(pagesRef, `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  const lang = options.language === undefined ? '' : ` /Lang ${literalString(options.language)}`;
  objects.set(catalog, `<< /Type /Catalog /Pages ${pagesRef} 0 R${lang} >>`);

  const info = [
    options.title === undefined ? '' : `/Title ${infoString(options.title)}`,
    options.author === undefined ? '' : `/Author ${infoString(options.author)}`,
    '/Producer (Pagecast test PDF writer)',
  ].join(' ');
  const infoRef = objects.add(`<< ${info} >>`);
  if (options.padding) objects.stream('', randomBytes(options.padding));

  let trailer = `/Root ${catalog} 0 R /Info ${infoRef} 0 R`;
  if (options.encrypted) {
    // Random O and U: no password, not even the empty one, opens the file.
    const encrypt = objects.add(
      `<< /Filter /Standard /V 1 /R 2 /O ${hex(randomBytes(32))} /U ${hex(randomBytes(32))} /P -4 >>`,
    );
    const id = hex(randomBytes(16));
    trailer += ` /Encrypt ${encrypt} 0 R /ID [${id} ${id}]`;
  }
  return objects.write(trailer);
}

// ---------------------------------------------------------------------------------------------
// prose

// prettier-ignore
const VOCABULARY = [
  'the', 'a', 'of', 'and', 'to', 'in', 'with', 'for', 'on', 'from', 'that', 'every', 'some', 'each',
  'listener', 'page', 'story', 'voice', 'river', 'morning', 'city', 'garden', 'window', 'letter',
  'reader', 'system', 'method', 'study', 'result', 'question', 'answer', 'idea', 'paper', 'model',
  'walks', 'reads', 'finds', 'builds', 'follows', 'explains', 'measures', 'changes', 'shows', 'holds',
  'quiet', 'bright', 'careful', 'simple', 'early', 'small', 'green', 'open', 'steady', 'clear',
  'conversation', 'understanding', 'information', 'development', 'particularly', 'architecture',
  'environment', 'measurement', 'representation', 'communication', 'neighbourhood', 'independently',
  'experimental', 'observations', 'comprehensive', 'transformation',
];

/** mulberry32: a tiny seeded generator, so the same seed always gives the same text. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic filler prose: `count` sentences of plain English words from a fixed vocabulary, seeded. */
export function prose(seed: number, sentences: number): string {
  const random = seededRandom(seed);
  const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: 8 + Math.floor(random() * 9) }, pick);
    const first = words[0]!;
    words[0] = first[0]!.toUpperCase() + first.slice(1);
    // A comma now and then, never on the last word.
    if (words.length > 6 && random() < 0.4) words[3] += ',';
    out.push(`${words.join(' ')}.`);
  }
  return out.join(' ');
}

// ---------------------------------------------------------------------------------------------
// layoutDocument

/** A table drawn cell by cell: a bold header row, then its rows; numbers set right, words left. */
export interface TableSpec {
  /** drawn above it, e.g. "Table 1. Seats by party." */
  caption?: string;
  header: string[];
  rows: string[][];
}

export interface SectionSpec {
  heading: string;
  /** 2: a subsection's heading, set smaller (11 pt) */
  level?: 1 | 2;
  paragraphs: string[];
  /** drawn after the section's first paragraph */
  table?: TableSpec;
}

export interface DocumentSpec {
  title: string;
  /** drawn under the title on page 1 */
  authors?: string;
  sections: SectionSpec[];
  /** a final "References" section, entries like "[1] A. Author. A title. 2020." */
  references?: string[];
  /** 2: body in two columns (title/authors full width on page 1) */
  columns?: 1 | 2;
  /** drawn at the top of every page (small size) */
  runningHeader?: string;
  /** a page number centred at the bottom of every page */
  pageNumbers?: boolean;
  /** what the page number says (default the number alone), e.g. `(page, pages) => \`Page ${page} of ${pages}\`` */
  pageLabel?: (page: number, pages: number) => string;
  /** the running header left off the first page, as journals do */
  noHeaderOnFirstPage?: boolean;
  /** break a word of ≥ 8 letters that does not fit with a hyphen ("conver-" / "sation") */
  hyphenate?: boolean;
  /** the title and headings hyphenated too, at their own width (`titleWidth` narrows the title's) */
  hyphenateHeadings?: boolean;
  /** the title's measure in points (default the full width) */
  titleWidth?: number;
  /** after each section's first paragraph: a grey figure box and a caption "Figure N. ..." */
  figureCaptions?: boolean;
  /** default US Letter 612×792 */
  pageSize?: { width: number; height: number };
  /** body size, default 10; headings 13 bold, title 18 bold */
  fontSize?: number;
  compress?: boolean;
  /** also put the title in the Info dictionary */
  title_in_info?: boolean;
}

export interface LaidOutDocument {
  pdf: Uint8Array;
  pages: number;
  /** What a listener should hear, in reading order: title, then each heading and paragraph (words exactly as written, hyphenation undone), without running headers, page numbers or the references. Blocks are separated by a blank line. */
  spoken: string;
  /** Each running header and page number string drawn (to assert they are absent). */
  furniture: string[];
  /** Each figure caption drawn (with figureCaptions), not part of `spoken`. */
  captions: string[];
  /** Where each line of body text (not headings, captions or tables) was drawn, in reading order. */
  bodyLines: { page: number; column: number; text: string }[];
  /** Each page's text runs as drawn, in content-stream order. */
  drawn: PdfText[][];
}

const MARGIN = 72;
const COLUMN_GAP = 24;
const TITLE_SIZE = 18;
const HEADING_SIZE = 13;
const SUBHEADING_SIZE = 11;
/** Space between a table's columns: 1.5 em at 10 pt, as tbl sets them. */
const CELL_GAP = 15;
const FURNITURE_SIZE = 8;
const LINE_HEIGHT = 1.25;
const FIGURE_HEIGHT = 60;
// A break keeps at least this many letters on each side of the hyphen.
const MIN_HYPHEN_PART = 3;
const MIN_HYPHENATED_LETTERS = 8;

const round = (value: number) => Math.round(value * 100) / 100;
const letterCount = (word: string) => (word.match(/[A-Za-z\u00c0-\u00ff]/g) ?? []).length;
const isLetter = (char: string | undefined) => char !== undefined && /[A-Za-z\u00c0-\u00ff]/.test(char);

/**
 * Where `word` breaks to fit `room` points: a compound at its own hyphen ("well-" / "known"), as
 * typesetters do; else the longest "prefix-" split between two letters; null when nothing fits.
 */
function hyphenBreak(word: string, room: number, size: number, bold: boolean): { line: string; rest: string } | null {
  for (let cut = word.lastIndexOf('-', word.length - 2); cut > 0; cut = word.lastIndexOf('-', cut - 1)) {
    if (textWidth(word.slice(0, cut + 1), size, bold) <= room) return { line: word.slice(0, cut + 1), rest: word.slice(cut + 1) };
  }
  if (word.includes('-')) return null;
  for (let cut = word.length - MIN_HYPHEN_PART; cut >= MIN_HYPHEN_PART; cut--) {
    if (!isLetter(word[cut - 1]) || !isLetter(word[cut])) continue;
    if (letterCount(word.slice(0, cut)) < MIN_HYPHEN_PART || letterCount(word.slice(cut)) < MIN_HYPHEN_PART) continue;
    const prefix = `${word.slice(0, cut)}-`;
    if (textWidth(prefix, size, bold) <= room) return { line: prefix, rest: word.slice(cut) };
  }
  return null;
}

/** Greedy line breaking with `textWidth`; with `hyphenate`, a long word that does not fit is split. */
export function wrapText(text: string, width: number, size: number, bold = false, hyphenate = false): string[] {
  const lines: string[] = [];
  let line = '';
  const pending = text.split(/\s+/).filter(Boolean);
  while (pending.length > 0) {
    const word = pending.shift()!;
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, bold) <= width) {
      line = candidate;
      continue;
    }
    if (hyphenate && (letterCount(word) >= MIN_HYPHENATED_LETTERS || /\p{L}-\p{L}/u.test(word))) {
      const lead = line ? `${line} ` : '';
      const broken = hyphenBreak(word, width - textWidth(lead, size, bold), size, bold);
      if (broken) {
        lines.push(lead + broken.line);
        line = '';
        pending.unshift(broken.rest);
        continue;
      }
    }
    if (line) {
      lines.push(line);
      line = '';
      pending.unshift(word);
    } else {
      // A word wider than the line on its own: it overflows rather than loops.
      lines.push(word);
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface LaidOutPage {
  full: PdfText[];
  columns: PdfText[][];
  figures: PdfBox[];
}

/** Where the next line goes: page, column and baseline cursor, moving on when a column fills. */
class Flow {
  readonly pages: LaidOutPage[] = [];
  page = 0;
  column = 0;
  /** top of the free space in the current column */
  top: number;
  private columnTop: number;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly columnCount: number,
  ) {
    this.top = height - MARGIN;
    this.columnTop = this.top;
    this.pages.push(this.emptyPage());
  }

  get columnWidth(): number {
    return (this.width - 2 * MARGIN - (this.columnCount - 1) * COLUMN_GAP) / this.columnCount;
  }

  get fullWidth(): number {
    return this.width - 2 * MARGIN;
  }

  private emptyPage(): LaidOutPage {
    return { full: [], columns: Array.from({ length: this.columnCount }, () => []), figures: [] };
  }

  /** Full-width lines (title, authors) on page 1, above the columns. */
  fullLine(text: string, size: number, bold: boolean): void {
    const baseline = this.top - size;
    this.pages[0]!.full.push({ text, x: MARGIN, y: round(baseline), size, bold });
    this.top -= size * LINE_HEIGHT;
    this.columnTop = this.top;
  }

  /** Starts the columns below whatever is on the page now. */
  gap(points: number): void {
    this.top -= points;
    if (this.pages[this.page]!.columns.every((column) => column.length === 0)) this.columnTop = this.top;
  }

  /** Whether `points` of height still fit in the current column. */
  fits(points: number): boolean {
    return this.top - points >= MARGIN;
  }

  nextColumn(): void {
    if (this.column + 1 < this.columnCount) {
      this.column++;
    } else {
      this.pages.push(this.emptyPage());
      this.page++;
      this.column = 0;
      this.columnTop = this.height - MARGIN;
    }
    this.top = this.columnTop;
  }

  /** One row of cells on one baseline, each at its offset from the column's left edge. */
  cells(cells: { text: string; dx: number }[], size: number, bold: boolean): void {
    if (!this.fits(size * LINE_HEIGHT)) this.nextColumn();
    const x = MARGIN + this.column * (this.columnWidth + COLUMN_GAP);
    for (const cell of cells) this.pages[this.page]!.columns[this.column]!.push({ text: cell.text, x: round(x + cell.dx), y: round(this.top - size), size, bold });
    this.top -= size * LINE_HEIGHT;
  }

  line(text: string, size: number, bold: boolean): void {
    if (!this.fits(size * LINE_HEIGHT)) this.nextColumn();
    const x = MARGIN + this.column * (this.columnWidth + COLUMN_GAP);
    this.pages[this.page]!.columns[this.column]!.push({ text, x: round(x), y: round(this.top - size), size, bold });
    this.top -= size * LINE_HEIGHT;
  }

  figure(height: number): void {
    if (!this.fits(height)) this.nextColumn();
    const x = MARGIN + this.column * (this.columnWidth + COLUMN_GAP);
    this.pages[this.page]!.figures.push({ x, y: this.top - height, width: this.columnWidth, height });
    this.top -= height;
  }

  /** Leaves space above a block, unless the block starts a column. */
  space(points: number): void {
    if (this.top < this.columnTop) this.top -= points;
  }
}

/** Lays the document out line by line (greedy wrap, margins 72 pt, line height 1.25 × size) across as many pages as needed. */
export function layoutDocument(spec: DocumentSpec): LaidOutDocument {
  const { width, height } = spec.pageSize ?? LETTER;
  const size = spec.fontSize ?? 10;
  const lineHeight = size * LINE_HEIGHT;
  const flow = new Flow(width, height, spec.columns ?? 1);
  const hyphenate = spec.hyphenate ?? false;

  const hyphenateHeadings = spec.hyphenateHeadings ?? false;
  for (const line of wrapText(spec.title, spec.titleWidth ?? flow.fullWidth, TITLE_SIZE, true, hyphenateHeadings)) flow.fullLine(line, TITLE_SIZE, true);
  if (spec.authors) {
    flow.gap(size * 0.5);
    for (const line of wrapText(spec.authors, flow.fullWidth, size)) flow.fullLine(line, size, false);
  }
  flow.gap(lineHeight * 1.5);

  const heading = (text: string, level: 1 | 2 = 1) => {
    const headingSize = level === 2 ? SUBHEADING_SIZE : HEADING_SIZE;
    flow.space(lineHeight);
    const lines = wrapText(text, flow.columnWidth, headingSize, true, hyphenateHeadings);
    // Keep a heading with the first line after it.
    if (!flow.fits(lines.length * headingSize * LINE_HEIGHT + lineHeight)) flow.nextColumn();
    for (const line of lines) flow.line(line, headingSize, true);
    flow.top -= size * 0.25;
  };
  const bodyLines: LaidOutDocument['bodyLines'] = [];
  const paragraph = (text: string) => {
    flow.space(lineHeight * 0.5);
    for (const line of wrapText(text, flow.columnWidth, size, false, hyphenate)) {
      flow.line(line, size, false);
      bodyLines.push({ page: flow.page, column: flow.column, text: line });
    }
  };
  const table = ({ caption, header, rows }: TableSpec) => {
    flow.space(lineHeight * 0.5);
    if (caption) for (const line of wrapText(caption, flow.columnWidth, size)) flow.line(line, size, false);
    // Each column as wide as its widest cell; the whole table kept in one column.
    const widths = header.map((name, i) => Math.max(textWidth(name, size, true), ...rows.map((row) => textWidth(row[i] ?? '', size))));
    if (!flow.fits((rows.length + 1) * lineHeight)) flow.nextColumn();
    const cellRow = (cells: string[], bold: boolean) => {
      let x = 0;
      const runs = cells.flatMap((cell, i) => {
        const numeric = /^[-+$€£]?[\d.,]+%?$/.test(cell);
        const at = numeric ? x + widths[i]! - textWidth(cell, size, bold) : x;
        x += widths[i]! + CELL_GAP;
        return cell ? [{ text: cell, dx: at }] : [];
      });
      flow.cells(runs, size, bold);
    };
    cellRow(header, true);
    for (const row of rows) cellRow(row, false);
  };

  const captions: string[] = [];
  for (const section of spec.sections) {
    heading(section.heading, section.level);
    section.paragraphs.forEach((text, index) => {
      paragraph(text);
      if (section.table && index === 0) table(section.table);
      if (spec.figureCaptions && index === 0) {
        const caption = `Figure ${captions.length + 1}. ${section.heading}, as measured.`;
        captions.push(caption);
        flow.space(lineHeight * 0.5);
        flow.figure(FIGURE_HEIGHT);
        flow.top -= size * 0.5;
        for (const line of wrapText(caption, flow.columnWidth, size - 1)) flow.line(line, size - 1, false);
      }
    });
  }
  if (spec.references && spec.references.length > 0) {
    heading('References');
    for (const entry of spec.references) paragraph(entry);
  }

  const furniture: string[] = [];
  const drawn = flow.pages.map((page, index) => {
    const texts: PdfText[] = [];
    if (spec.runningHeader && !(spec.noHeaderOnFirstPage && index === 0)) {
      furniture.push(spec.runningHeader);
      texts.push({ text: spec.runningHeader, x: MARGIN, y: round(height - MARGIN / 2), size: FURNITURE_SIZE });
    }
    texts.push(...page.full);
    // Columns interleaved line by line: stream order is not reading order.
    const longest = Math.max(...page.columns.map((column) => column.length));
    for (let i = 0; i < longest; i++) {
      for (const column of page.columns) if (column[i]) texts.push(column[i]!);
    }
    if (spec.pageNumbers) {
      const label = spec.pageLabel?.(index + 1, flow.pages.length) ?? String(index + 1);
      furniture.push(label);
      const x = (width - textWidth(label, FURNITURE_SIZE)) / 2;
      texts.push({ text: label, x: round(x), y: MARGIN / 2, size: FURNITURE_SIZE });
    }
    return texts;
  });

  const pdf = writePdf(
    drawn.map((texts, index) => ({ texts, boxes: flow.pages[index]!.figures, width, height })),
    { title: spec.title_in_info ? spec.title : undefined, compress: spec.compress },
  );
  const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
  const spoken = [spec.title, ...spec.sections.flatMap((section) => [section.heading, ...section.paragraphs])]
    .map(words)
    .join('\n\n');
  return { pdf, pages: flow.pages.length, spoken, furniture, captions, drawn, bodyLines };
}

// ---------------------------------------------------------------------------------------------
// Bad input

/** Two pages, each an image only: no text at all. */
export function scanPdf(): Uint8Array {
  return writePdf([
    { texts: [], image: true },
    { texts: [], image: true },
  ]);
}

/** A document that needs a password. */
export function encryptedPdf(): Uint8Array {
  return writePdf([{ texts: [{ text: 'A secret chapter about listening.', x: 72, y: 700, size: 12 }] }], {
    title: 'Secret',
    encrypted: true,
  });
}

/** A valid two-page document cut at half its length. */
export function truncatedPdf(): Uint8Array {
  const whole = layoutDocument({
    title: 'A document that was cut short',
    sections: [{ heading: 'Introduction', paragraphs: [prose(7, 40), prose(8, 40)] }],
  }).pdf;
  return whole.slice(0, Math.floor(whole.length / 2));
}

const BOMB_CHUNK = 1 << 20;

/** Adler-32 of `length` copies of `byte`, in closed form (a = 1 + Σ, b = Σ of the running a). */
function adler32OfRepeated(byte: number, length: number): number {
  const n = BigInt(length);
  const c = BigInt(byte);
  const a = (1n + c * n) % 65521n;
  const b = (n + (c * n * (n + 1n)) / 2n) % 65521n;
  return Number((b << 16n) | a);
}

/** How a bomb hides its filter from a check that reads the stream's dictionary naively. */
export type BombDisguise = 'none' | 'indirect-filter' | 'escaped-name' | 'image-subtype' | 'long-dictionary';

/** A small file whose page content is FlateDecode of `expandedBytes` spaces. */
export function bombPdf(expandedBytes = 1 << 30, disguise: BombDisguise = 'none'): Uint8Array {
  const data = zlibOfSpaces(expandedBytes);
  const objects = new PdfObjects();
  const catalog = objects.add('<< /Type /Catalog /Pages 2 0 R >>');
  objects.add('<< /Type /Pages /Kids [4 0 R] /Count 1 >>');
  const filter = {
    none: '/Filter /FlateDecode',
    // Object 5, written after the page: the filter's name is not in the stream's dictionary.
    'indirect-filter': '/Filter 5 0 R',
    'escaped-name': '/Filter /F#6CateDecode',
    'image-subtype': '/Subtype /Image /Filter /FlateDecode',
    'long-dictionary': `/Filter /FlateDecode /Padding (${'x'.repeat(4096)})`,
  }[disguise];
  const content = objects.stream(filter, data);
  objects.add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents ${content} 0 R >>`);
  if (disguise === 'indirect-filter') objects.add('/FlateDecode');
  return objects.write(`/Root ${catalog} 0 R`);
}

/**
 * zlib data of `expandedBytes` spaces. Each 1 MiB of spaces is deflated once as a byte-aligned,
 * non-final raw block (sync flush); the same bytes repeated make a valid stream, so the expanded data
 * is never held in memory.
 */
function zlibOfSpaces(expandedBytes: number): Buffer {
  const space = 0x20;
  const syncFlush = { finishFlush: zlibConstants.Z_SYNC_FLUSH };
  const fullChunk = deflateRawSync(Buffer.alloc(BOMB_CHUNK, space), syncFlush);
  const parts: Buffer[] = [Buffer.from([0x78, 0x9c])];
  for (let i = 0; i < Math.floor(expandedBytes / BOMB_CHUNK); i++) parts.push(fullChunk);
  const rest = expandedBytes % BOMB_CHUNK;
  if (rest > 0) parts.push(deflateRawSync(Buffer.alloc(rest, space), syncFlush));
  // A final, empty fixed-Huffman block, then the zlib checksum.
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32OfRepeated(space, expandedBytes) >>> 0);
  parts.push(Buffer.from([0x03, 0x00]), checksum);
  return Buffer.concat(parts);
}

/** LZW codes (9 to 12 bits, EarlyChange 1) of a run of one byte: each code one byte longer than the last, then the longest over and over. */
function lzwOfRun(byte: number, codes: number): Buffer {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  let next = 258;
  const put = (code: number, width: number) => {
    bits = (bits << width) | code;
    count += width;
    while (count >= 8) {
      out.push((bits >>> (count - 8)) & 0xff);
      count -= 8;
    }
    bits &= (1 << count) - 1;
  };
  const width = () => (next + 1 >= 2048 ? 12 : next + 1 >= 1024 ? 11 : next + 1 >= 512 ? 10 : 9);
  put(byte, 9);
  for (let i = 0; i < codes; i++) {
    // Before a code is read, the decoder's table holds `next` entries; the code just past them is "the last and its first byte".
    const code = Math.min(next, 4095);
    put(code, width());
    if (next < 4096) next++;
  }
  put(257, width());
  if (count > 0) put(0, 8 - count);
  return Buffer.from(out);
}

/** RunLength data of `expandedBytes` spaces: 128 at a time, two bytes each. */
function runLengthOfSpaces(expandedBytes: number): Buffer {
  const pairs = Math.ceil(expandedBytes / 128);
  const out = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i++) {
    out[i * 2] = 129;
    out[i * 2 + 1] = 0x20;
  }
  out[pairs * 2] = 128;
  return out;
}

/** How a bomb hides behind a chain of filters: each layer alone unpacks to little. */
export type StackedBomb = 'flate-flate' | 'flate-runlength' | 'flate-lzw';

/** A small file whose page content unpacks to about `expandedBytes` only through its whole chain of two filters. */
export function stackedBombPdf(kind: StackedBomb, expandedBytes = 300 << 20): Uint8Array {
  const [filter, data] = {
    'flate-flate': () => ['/Filter [/FlateDecode /FlateDecode]', deflateSync(zlibOfSpaces(expandedBytes))] as const,
    'flate-runlength': () => ['/Filter [/FlateDecode /RunLengthDecode]', deflateSync(runLengthOfSpaces(expandedBytes), { level: 9 })] as const,
    // About 3,800 bytes a code once the table is full.
    'flate-lzw': () => ['/Filter [/FlateDecode /LZWDecode]', deflateSync(lzwOfRun(0x20, Math.ceil(expandedBytes / 3800)), { level: 9 })] as const,
  }[kind]();
  const objects = new PdfObjects();
  const catalog = objects.add('<< /Type /Catalog /Pages 2 0 R >>');
  objects.add('<< /Type /Pages /Kids [4 0 R] /Count 1 >>');
  const content = objects.stream(filter, data);
  objects.add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents ${content} 0 R >>`);
  return objects.write(`/Root ${catalog} 0 R`);
}

/** An HTML page: for "a file named .pdf that is HTML". */
export function htmlNamedPdf(): Uint8Array {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Not a PDF</title></head>
<body>
<article>
<h1>Not a PDF</h1>
<p>This page was saved with a .pdf name, but it is an HTML document about listening to articles.</p>
</article>
</body>
</html>
`;
  return new Uint8Array(Buffer.from(html, 'utf8'));
}

/** `pages` pages, each with one short line: for the page limit. */
export function manyPagesPdf(pages: number): Uint8Array {
  return writePdf(
    Array.from({ length: pages }, (_, index) => ({
      texts: [{ text: `Page ${index + 1} of ${pages}.`, x: 72, y: 720, size: 12 }],
    })),
  );
}
