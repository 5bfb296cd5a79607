/**
 * The article of a PDF: pdf.js reads each page's positioned text, `layOutPdf` puts it in reading
 * order. Runs in the extraction worker thread. Before pdf.js sees a file, its compressed streams are
 * unpacked once under a cap, so a file that expands without bound (a PDF bomb) is refused instead of
 * filling memory; a file with no end (cut off) is refused instead of read in part.
 */
import { Readable } from 'node:stream';
import { constants, createInflate } from 'node:zlib';
import { PDF_LIMITS } from '../../../shared/constants.ts';
import { PDF_MESSAGES, pdfPagesNote } from '../../../shared/errors.ts';
import { hasPdfSignature } from '../../../shared/pdf-file.ts';
import { AppError } from '../../errors.ts';
import type { ExtractionResult } from './extract-article.ts';
import { isEnglishWord } from './english-words.ts';
import { layOutPdf, type PdfPageRuns, type PdfRun } from './pdf-text.ts';

/** Bytes a PDF's compressed streams other than images may unpack to, together: far above any document's text and fonts. */
export const MAX_PDF_UNPACKED_BYTES = 256 * 1024 * 1024;

const refuse = (message: string, cause?: unknown) => new AppError('NO_READABLE_CONTENT', { message, cause });

/** A complete file ends with its cross-reference pointer and end marker; a cut one does not. */
function looksComplete(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
  return tail.includes('%%EOF', 0, 'latin1') || tail.includes('startxref', 0, 'latin1');
}

/** Bytes a stream unpacks to, counted as it unpacks and never held: stops past `limit` (answering more than it). */
async function unpackedSize(data: Buffer, limit: number): Promise<number> {
  const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  let size = 0;
  try {
    for await (const chunk of Readable.from([data]).pipe(inflate)) {
      size += (chunk as Buffer).length;
      if (size > limit) break;
    }
  } catch {
    // A stream zlib cannot read: pdf.js decides what to make of it.
  } finally {
    inflate.destroy();
  }
  return size;
}

/** Whether `data` opens with a zlib header (deflate, a valid check), as Flate data does. */
function zlibHeader(data: Buffer): boolean {
  return data.length >= 2 && (data[0]! & 0x0f) === 8 && (data[0]! >> 4) <= 7 && ((data[0]! << 8) | data[1]!) % 31 === 0;
}

/** ASCIIHex or ASCII85 text decoded, so Flate data wrapped in either is seen; null when `data` is neither. */
function asciiUnwrapped(data: Buffer): Buffer | null {
  const text = data.toString('latin1').replace(/\s+/g, '');
  if (/^[0-9a-f]*>?$/i.test(text) && text.length >= 4) return Buffer.from(text.replace(/>$/, ''), 'hex');
  const a85 = /^(?:<~)?([!-uz]*)~>$/.exec(text);
  if (!a85) return null;
  const body = a85[1]!.replace(/z/g, '!!!!!');
  const out = Buffer.alloc(Math.floor((body.length * 4) / 5) + 4);
  let length = 0;
  for (let i = 0; i < body.length; i += 5) {
    const group = body.slice(i, i + 5).padEnd(5, 'u');
    let value = 0;
    for (const char of group) value = value * 85 + (char.charCodeAt(0) - 33);
    const bytes = Math.min(4, body.length - i - 1);
    for (let b = 0; b < bytes; b++) out[length++] = (value >>> (24 - 8 * b)) & 0xff;
  }
  return out.subarray(0, length);
}

/** A dictionary as pdf.js reads its names: `#xx` escapes decoded (`/F#6CateDecode` is /FlateDecode). */
const unescapedNames = (dictionary: string) => dictionary.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The bytes a real image unpacks to at most (four components of 16 bits, a predictor byte a row), or null when the dictionary is no image's. */
function declaredImageBytes(dictionary: string): number | null {
  if (!/\/Subtype\s*\/Image\b/.test(dictionary)) return null;
  const width = /\/Width\s+(\d+)/.exec(dictionary);
  const height = /\/Height\s+(\d+)/.exec(dictionary);
  if (!width || !height) return null;
  return Number(width[1]) * Number(height[1]) * 8 + Number(height[1]) + 1024;
}

/**
 * Throws when the compressed streams pdf.js may unpack to read text, together, unpack to more than
 * `budget` bytes. Every stream is tried whatever its dictionary says (a filter named through a
 * reference or with escapes, any /Subtype, a dictionary of any length): data that opens as zlib
 * data is counted, also inside ASCIIHex or ASCII85. A real image (its unpacked size within what its
 * width and height allow) counts against `imageBudget` instead, as pdf.js leaves images packed when
 * it reads text. Other filters (LZW, run length) are bounded by the extraction worker's limits.
 */
async function checkUnpackedSize(bytes: Buffer, budget: number, imageBudget = budget * 4): Promise<void> {
  let left = budget;
  let imagesLeft = imageBudget;
  let at = 0;
  let objectFrom = 0;
  for (;;) {
    const open = bytes.indexOf('stream', at, 'latin1');
    if (open < 0) return;
    at = open + 6;
    // "endstream" contains "stream": only a keyword followed by its end of line opens data.
    if (bytes.subarray(open - 3, open).toString('latin1') === 'end') {
      objectFrom = at;
      continue;
    }
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    // The stream's own dictionary: from its object's start, however long.
    const before = bytes.subarray(objectFrom, open).toString('latin1');
    const dictionary = unescapedNames(before.slice(before.lastIndexOf(' obj') + 4));
    at = end + 9;
    objectFrom = at;
    const raw = bytes.subarray(start, end);
    const data = zlibHeader(raw) ? raw : asciiUnwrapped(raw);
    if (!data || !zlibHeader(data)) continue;
    const image = declaredImageBytes(dictionary);
    if (image !== null && image <= imagesLeft) {
      const size = await unpackedSize(data, image);
      if (size <= image) {
        imagesLeft -= size;
        continue;
      }
    }
    left -= await unpackedSize(data, left);
    if (left < 0) throw refuse(PDF_MESSAGES.unpacksTooLarge);
  }
}

/** A title from the document's metadata when it names the document (not a file name or a placeholder). */
function metadataTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = value.replace(/\s+/g, ' ').trim();
  if (!title || title.length > 300 || /^(?:untitled|title|document\d*|microsoft (?:word|powerpoint) - .*)$/i.test(title)) return null;
  if (/\.(?:docx?|pdf|tex|odt|rtf|indd|pptx?|txt)$/i.test(title)) return null;
  return title;
}

interface PdfInfo {
  Title?: unknown;
  Author?: unknown;
  Language?: unknown;
}

/** Reads `bytes` as a PDF. Throws AppError NO_READABLE_CONTENT with the PDF messages for a file it cannot read. */
export async function extractPdf(bytes: Uint8Array, maxPages: number = PDF_LIMITS.maxPages): Promise<ExtractionResult & { pages: number }> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (!hasPdfSignature(buffer)) throw refuse(PDF_MESSAGES.notAPdf);
  if (buffer.length > PDF_LIMITS.maxBytes) throw refuse(PDF_MESSAGES.tooLarge);
  if (!looksComplete(buffer)) throw refuse(PDF_MESSAGES.damaged, new Error('no startxref or %%EOF at the end'));
  await checkUnpackedSize(buffer, MAX_PDF_UNPACKED_BYTES);

  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes the bytes over: it gets a copy, the caller's stay intact.
  const task = getDocument({ data: new Uint8Array(buffer), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw refuse(name === 'PasswordException' ? PDF_MESSAGES.encrypted : PDF_MESSAGES.damaged, error);
  }
  try {
    const pages = document.numPages;
    const read = Math.min(pages, maxPages);
    const runs: PdfPageRuns[] = [];
    for (let number = 1; number <= read; number++) {
      const page = await document.getPage(number);
      const [left, bottom, right, top] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const pageRuns: PdfRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str) continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        pageRuns.push({ text: item.str, x: e! - left, y: f! - bottom, width: item.width, size: Math.hypot(c!, d!) || Math.hypot(a!, b!) });
      }
      runs.push({ width: right - left, height: top - bottom, runs: pageRuns });
      page.cleanup();
    }
    const layout = layOutPdf(runs, { isWord: isEnglishWord });
    if (!/[\p{L}\p{N}]/u.test(layout.text)) {
      // Text the layout dropped as running headers and footers is still text: not a scan.
      const anyText = runs.some((page) => page.runs.some((run) => /[\p{L}\p{N}]/u.test(run.text)));
      throw refuse(anyText ? PDF_MESSAGES.onlyRepeatedText : PDF_MESSAGES.scan);
    }
    const { info } = (await document.getMetadata().catch(() => ({ info: {} }))) as { info: PdfInfo };
    let { text, lines } = layout;
    if (read < pages) {
      text += `\n${pdfPagesNote(read, pages)}`;
      lines += 'p';
    }
    const author = typeof info.Author === 'string' && info.Author.trim() ? info.Author.trim() : null;
    const language = typeof info.Language === 'string' && /^[a-z]{2,3}\b/i.test(info.Language) ? info.Language : null;
    return {
      title: metadataTitle(info.Title) ?? layout.title ?? '',
      byline: author ?? layout.byline,
      dir: null,
      lang: language,
      content: '',
      textContent: text,
      length: text.length,
      excerpt: null,
      siteName: null,
      text,
      lines,
      pages,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(PDF_MESSAGES.damaged, error);
  } finally {
    await document.destroy();
  }
}
