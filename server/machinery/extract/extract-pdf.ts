/**
 * The article of a PDF: pdf.js reads each page's positioned text, `layOutPdf` puts it in reading
 * order. Runs in the extraction worker thread. Before pdf.js sees a file, its compressed streams are
 * unpacked once through their whole filter chains under a cap (pdf-unpack.ts), so a file that expands without bound (a PDF bomb) is refused instead of
 * filling memory; a file with no end (cut off) is refused instead of read in part.
 */
import { PDF_LIMITS } from '../../../shared/constants.ts';
import { PDF_MESSAGES, pdfPagesNote } from '../../../shared/errors.ts';
import { hasPdfSignature } from '../../../shared/pdf-file.ts';
import { AppError } from '../../errors.ts';
import type { ExtractionResult } from './extract-article.ts';
import { countWords } from '../script/script-format.ts';
import { isEnglishWord } from './english-words.ts';
import { layOutPdf, type PdfPageRuns, type PdfRun } from './pdf-text.ts';
import { checkUnpackedSize } from './pdf-unpack.ts';

/** Bytes a PDF's compressed streams other than images may unpack to, together: far above any document's text and fonts. */
export const MAX_PDF_UNPACKED_BYTES = 256 * 1024 * 1024;

const refuse = (message: string, cause?: unknown) => new AppError('NO_READABLE_CONTENT', { message, cause });

/** A complete file ends with its cross-reference pointer and end marker; a cut one does not. */
function looksComplete(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 4096));
  return tail.includes('%%EOF', 0, 'latin1') || tail.includes('startxref', 0, 'latin1');
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
  await checkUnpackedSize(buffer, MAX_PDF_UNPACKED_BYTES, () => refuse(PDF_MESSAGES.unpacksTooLarge));

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
      words: countWords(text),
      pages,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(PDF_MESSAGES.damaged, error);
  } finally {
    await document.destroy();
  }
}
