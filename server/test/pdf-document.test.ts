import { inflateSync } from 'node:zlib';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bombPdf,
  encryptedPdf,
  htmlNamedPdf,
  layoutDocument,
  manyPagesPdf,
  prose,
  scanPdf,
  textWidth,
  truncatedPdf,
  writePdf,
  type DocumentSpec,
} from './pdf-document.ts';

interface Item {
  str: string;
  x: number;
  y: number;
  size: number;
}

function open(data: Uint8Array, verbosity: number = VerbosityLevel.ERRORS): Promise<PDFDocumentProxy> {
  // pdf.js may transfer the buffer to its worker: give it a copy.
  return getDocument({ data: data.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity })
    .promise;
}

/** The non-blank text items of a page, in content-stream order. */
async function items(doc: PDFDocumentProxy, pageNumber: number): Promise<Item[]> {
  const content = await (await doc.getPage(pageNumber)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, size: item.transform[3] as number }]
      : [],
  );
}

/** All text of a file, or null when pdf.js refuses it. */
async function textOrNull(data: Uint8Array): Promise<string | null> {
  try {
    const doc = await open(data);
    const pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => items(doc, i + 1)));
    return pages.flat().map((item) => item.str).join(' ');
  } catch {
    return null;
  }
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writePdf', () => {
  it.each([false, true])('writes pages pdf.js opens with the text where it was drawn (compress: %s)', async (compress) => {
    const messages: string[] = [];
    const keep = (message: unknown) => void messages.push(String(message));
    vi.spyOn(console, 'warn').mockImplementation(keep);
    vi.spyOn(console, 'info').mockImplementation(keep);
    const pdf = writePdf(
      [
        {
          texts: [
            { text: 'Hello (world) \\ and more', x: 72, y: 700, size: 12 },
            { text: 'A bold café', x: 100.5, y: 650.25, size: 14, bold: true },
          ],
        },
        { texts: [{ text: 'Second page', x: 72, y: 500, size: 10 }], width: 595, height: 842 },
      ],
      { title: 'Listening — notes', author: 'Ann Author', language: 'en-GB', compress },
    );

    const doc = await open(pdf, VerbosityLevel.INFOS);
    expect(doc.numPages).toBe(2);
    const { info } = await doc.getMetadata();
    expect(info).toMatchObject({ Title: 'Listening — notes', Author: 'Ann Author', Language: 'en-GB' });
    expect(await items(doc, 1)).toEqual([
      { str: 'Hello (world) \\ and more', x: 72, y: 700, size: 12 },
      { str: 'A bold café', x: 100.5, y: 650.25, size: 14 },
    ]);
    expect(await items(doc, 2)).toEqual([{ str: 'Second page', x: 72, y: 500, size: 10 }]);
    expect((await doc.getPage(2)).view).toEqual([0, 0, 595, 842]);
    // A broken xref makes pdf.js warn and index the whole file.
    expect(messages.filter((line) => /xref|Indexing all PDF objects/i.test(line))).toEqual([]);
  });

  it('refuses text a Latin-1 font cannot show', () => {
    expect(() => writePdf([{ texts: [{ text: 'Ω', x: 72, y: 700, size: 12 }] }])).toThrow(/Latin-1/);
  });
});

describe('textWidth', () => {
  it('uses the Helvetica AFM widths', () => {
    // H 722 + e 556 + l 222 + l 222 + o 556 = 2278 units
    expect(textWidth('Hello', 10)).toBeCloseTo(22.78);
    // bold: H 722 + e 556 + l 278 + l 278 + o 611 = 2445 units
    expect(textWidth('Hello', 10, true)).toBeCloseTo(24.45);
  });
});

describe('prose', () => {
  it('is the same text for the same seed, with long words', () => {
    expect(prose(3, 5)).toBe(prose(3, 5));
    expect(prose(3, 5)).not.toBe(prose(4, 5));
    expect(prose(3, 5).match(/\./g)).toHaveLength(5);
    expect(words(prose(3, 20)).some((word) => word.replace(/\W/g, '').length >= 10)).toBe(true);
  });
});

describe('layoutDocument', () => {
  const spec: DocumentSpec = {
    title: 'How people listen to long articles',
    columns: 2,
    runningHeader: 'Journal of Listening, volume 3',
    pageNumbers: true,
    hyphenate: true,
    sections: [1, 2, 3].map((i) => ({ heading: `Part ${i}`, paragraphs: [prose(i, 12), prose(i + 10, 9)] })),
    references: ['[1] A. Author. A title about listening. 2020.'],
  };
  const laidOut = layoutDocument(spec);
  const width = 612;
  const height = 792;

  it('draws two interleaved columns that read, column by column, as `spoken`', async () => {
    const doc = await open(laidOut.pdf);
    expect(doc.numPages).toBe(laidOut.pages);
    expect(laidOut.pages).toBeGreaterThan(1);

    const columnOrder: string[] = [];
    for (let page = 1; page <= doc.numPages; page++) {
      const body = (await items(doc, page)).filter((item) => item.y > 72 - 12 && item.y < height - 72);
      const left = body.filter((item) => item.x < width / 2);
      const right = body.filter((item) => item.x >= width / 2);
      expect(left.length).toBeGreaterThan(0);
      if (page === 1) {
        expect(right.length).toBeGreaterThan(0);
        // Stream order alternates between the halves, so it is not reading order.
        const halves = body.slice(1, 7).map((item) => item.x < width / 2);
        expect(halves).toEqual([true, false, true, false, true, false]);
      }
      for (const column of [left, right]) columnOrder.push(...column.map((item) => item.str));
    }

    const read = columnOrder.join('\n').replace(/([a-z])-\n([a-z])/g, '$1$2');
    const beforeReferences = read.slice(0, read.lastIndexOf('References'));
    expect(words(beforeReferences)).toEqual(words(laidOut.spoken));
    for (const section of spec.sections) {
      for (const paragraph of section.paragraphs) expect(laidOut.spoken).toContain(paragraph);
    }
  });

  it('hyphenates long words and keeps the furniture and references out of `spoken`', async () => {
    const lines = laidOut.drawn.flat().map((text) => text.text);
    expect(lines.some((line) => /[a-z]-$/.test(line))).toBe(true);
    expect(laidOut.furniture).toContain('Journal of Listening, volume 3');
    expect(laidOut.furniture).toContain(String(laidOut.pages));
    expect(laidOut.spoken).not.toContain('Journal of Listening');
    expect(laidOut.spoken).not.toContain('References');

    const doc = await open(laidOut.pdf);
    const furniture = (await items(doc, 1)).filter((item) => laidOut.furniture.includes(item.str));
    expect(furniture.map((item) => item.y > height - 72 || item.y < 72)).toEqual([true, true]);
  });
});

describe('bad input', () => {
  it('scanPdf has pages with no text', async () => {
    const doc = await open(scanPdf());
    expect(doc.numPages).toBe(2);
    expect(await items(doc, 1)).toEqual([]);
    expect(await items(doc, 2)).toEqual([]);
  });

  it('encryptedPdf asks for a password', async () => {
    await expect(open(encryptedPdf())).rejects.toMatchObject({ name: 'PasswordException' });
  });

  it.each([
    ['truncatedPdf', truncatedPdf],
    ['htmlNamedPdf', htmlNamedPdf],
  ])('%s gives no text', async (_name, build) => {
    const text = await textOrNull(build());
    expect(text === null || text.trim() === '').toBe(true);
  });

  it('bombPdf is small and inflates to exactly the bytes asked for', () => {
    expect(bombPdf().length).toBeLessThan(2 * 1024 * 1024);
    const pdf = Buffer.from(bombPdf(3 * 1024 * 1024 + 7));
    const stream = pdf.subarray(pdf.indexOf('stream\n') + 'stream\n'.length, pdf.lastIndexOf('\nendstream'));
    expect(inflateSync(stream).length).toBe(3 * 1024 * 1024 + 7);
  });

  it('manyPagesPdf builds 2,000 pages', async () => {
    const pdf = manyPagesPdf(2000);
    const doc = await open(pdf);
    expect(doc.numPages).toBe(2000);
    expect(await items(doc, 2000)).toEqual([{ str: 'Page 2000 of 2000.', x: 72, y: 720, size: 12 }]);
  });
});
