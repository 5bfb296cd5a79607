/**
 * PDFs made by the tests (server/test/pdf-document.ts) read back as a listener would hear them:
 * every paragraph in reading order (two columns drawn line by line across the page included), with
 * headings, hyphenated words rejoined, no running headers or page numbers, the references skipped
 * with a note; and each kind of bad file refused with its own message. Then the same on news articles
 * typeset by groff and by Ghostscript (made by scripts/make-pdf-fixtures.mjs): half of them were looked
 * at while the rules were written, the other half only measured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDF_MESSAGES, pdfPagesNote } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { bombPdf, encryptedPdf, htmlNamedPdf, layoutDocument, prose, scanPdf, stackedBombPdf, textWidth, truncatedPdf, writePdf, type DocumentSpec } from '../../test/pdf-document.ts';
import { extractPdf } from './extract-pdf.ts';
import { REFERENCES_NOTE, tableNote } from './pdf-text.ts';
import { wordF1 } from './word-f1.ts';
import { readScript } from '../script/read-script.ts';

const sections: DocumentSpec['sections'] = [1, 2, 3].map((n) => ({
  heading: `${n} ${['Introduction', 'How listeners follow', 'What remains'][n - 1]}`,
  paragraphs: [prose(n, 6), prose(n + 10, 4), prose(n + 20, 5)],
}));

/** Three pages holding nothing but a running header and a page number. */
const onlyFurniturePdf = () =>
  writePdf(
    [1, 2, 3].map((n) => ({
      texts: [
        { text: 'Harbour Authority Annual Report', x: 72, y: 760, size: 9 },
        { text: `Page ${n}`, x: 290, y: 30, size: 9 },
      ],
    })),
  );

const paper = (columns: 1 | 2): DocumentSpec => ({
  title: 'Listening to Papers on the Way to Work',
  authors: 'Ann Lee and Bo Chan',
  columns,
  runningHeader: 'Journal of Spoken Documents, Volume 12',
  pageNumbers: true,
  hyphenate: true,
  compress: true,
  sections,
  references: ['[1] A. Author. A title about reading. 2020.', '[2] B. Writer. Another title about listening. 2021.'],
});

const refusal = async (bytes: Uint8Array): Promise<string> => {
  const error = await extractPdf(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('NO_READABLE_CONTENT');
  return (error as AppError).message;
};

describe('extractPdf', () => {
  it.each([1, 2] as const)('reads a %i-column paper as it is heard: in order, whole, without its furniture', async (columns) => {
    const document = layoutDocument(paper(columns));
    expect(document.pages).toBeGreaterThan(1);
    const article = await extractPdf(document.pdf);

    expect(article.pages).toBe(document.pages);
    expect(article.title).toBe('Listening to Papers on the Way to Work');
    expect(article.byline).toBe('Ann Lee and Bo Chan');
    expect(wordF1([article.title, article.text].join('\n'), document.spoken)).toBeGreaterThanOrEqual(0.97);

    // Every paragraph whole (hyphenated words rejoined, columns not interleaved), each on its own line, in order.
    const lines = article.text.split('\n');
    const expected = sections.flatMap((section) => [section.heading, ...section.paragraphs]);
    const at = expected.map((paragraph) => lines.indexOf(paragraph));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(sections.map((section) => article.lines[lines.indexOf(section.heading)])).toEqual(['h', 'h', 'h']);

    for (const furniture of document.furniture) expect(lines).not.toContain(furniture);
    expect(article.text).not.toContain('Journal of Spoken Documents');
    expect(lines.at(-1)).toBe(REFERENCES_NOTE);
    expect(article.text).not.toContain('A title about reading');
  });

  it('keeps a word written with a hyphen whole, and drops footnote markers', async () => {
    const pdf = writePdf([
      {
        texts: [
          { text: 'The well-known story goes on for a while in this line and then a well-', x: 72, y: 700, size: 11 },
          { text: 'known sentence ends it here with a footnote', x: 72, y: 686, size: 11 },
          { text: '3', x: 72 + textWidth('known sentence ends it here with a footnote', 11), y: 690, size: 6 },
          { text: 'and more.', x: 72, y: 672, size: 11 },
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text).toBe('The well-known story goes on for a while in this line and then a well-known sentence ends it here with a footnote and more.');
  });

  it('announces a table of figures instead of reading its numbers, and keeps its caption', async () => {
    const rows = ['2021 14.2 15.0 16.1', '2022 15.3 16.4 17.0', '2023 16.0 17.2 18.4'];
    const pdf = writePdf([
      {
        texts: [
          { text: 'Sales grew every year, as the table shows.', x: 72, y: 700, size: 11 },
          { text: 'Table 1: Sales by year and region.', x: 72, y: 670, size: 11 },
          ...rows.map((text, i) => ({ text, x: 72, y: 650 - i * 14, size: 11 })),
          { text: 'The growth slowed in the last year.', x: 72, y: 590, size: 11 },
        ],
      },
    ]);
    const article = await extractPdf(pdf);
    expect(article.text.split('\n')).toEqual([
      'Sales grew every year, as the table shows.',
      'Table 1: Sales by year and region.',
      tableNote(3),
      'The growth slowed in the last year.',
    ]);
    expect(article.lines).toBe('pcpp');
  });

  it('takes the title, author and language from the metadata, and reads the first pages of a long document with a note', async () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({ texts: [{ text: `Chapter text on page ${i + 1}.`, x: 72, y: 400, size: 11 }] }));
    const pdf = writePdf(pages, { title: 'The Long Report', author: 'Cleo Park', language: 'en-GB' });
    const article = await extractPdf(pdf, 5);
    expect(article).toMatchObject({ title: 'The Long Report', byline: 'Cleo Park', pages: 12 });
    const lines = article.text.split('\n');
    expect(lines.at(-1)).toBe(pdfPagesNote(5, 12));
    expect(article.text).toContain('page 5.');
    expect(article.text).not.toContain('page 6.');
  });

  it.each([
    ['a scan without text', scanPdf, PDF_MESSAGES.scan],
    ['a PDF whose only text is its running header and page numbers', onlyFurniturePdf, PDF_MESSAGES.onlyRepeatedText],
    ['a PDF that needs a password', encryptedPdf, PDF_MESSAGES.encrypted],
    ['a PDF cut off halfway', truncatedPdf, PDF_MESSAGES.damaged],
    ['HTML named .pdf', htmlNamedPdf, PDF_MESSAGES.notAPdf],
    ['a PDF that unpacks without bound', () => bombPdf(), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb whose filter is an indirect object', () => bombPdf(300 << 20, 'indirect-filter'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb whose filter name is #-escaped', () => bombPdf(300 << 20, 'escaped-name'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb whose content stream says it is an image', () => bombPdf(300 << 20, 'image-subtype'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb whose dictionary is longer than a kilobyte', () => bombPdf(300 << 20, 'long-dictionary'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb behind two Flate filters', () => stackedBombPdf('flate-flate'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb behind Flate and RunLength', () => stackedBombPdf('flate-runlength'), PDF_MESSAGES.unpacksTooLarge],
    ['a bomb behind Flate and LZW', () => stackedBombPdf('flate-lzw'), PDF_MESSAGES.unpacksTooLarge],
  ])('refuses %s with its message', async (_name, make, message) => {
    expect(await refusal(make())).toBe(message);
  });
});

describe('extractPdf on documents real typesetters made', () => {
  const folder = path.join(import.meta.dirname, '../../test/fixtures/pdf');
  const expected = JSON.parse(fs.readFileSync(path.join(folder, 'expected.json'), 'utf8')) as Record<
    string,
    { half: string; title: string; author: string; headings: string[]; paragraphs: string[]; references: boolean }
  >;
  // The typesetters curl quotes and close up spaces.
  const plain = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

  it.each(Object.keys(expected))('%s: read in order, whole, without its running header, page numbers or references', async (name) => {
    const document = expected[name]!;
    const article = await extractPdf(new Uint8Array(fs.readFileSync(path.join(folder, `${name}.pdf`))));
    expect(plain(article.title)).toBe(plain(document.title));
    expect(article.byline).toBe(document.author);
    const written = [document.title, ...document.headings, ...document.paragraphs].join('\n');
    expect(wordF1([article.title, article.text].join('\n'), written)).toBeGreaterThanOrEqual(0.97);

    const lines = article.text.split('\n').map(plain);
    const at = document.paragraphs.map((paragraph) => lines.findIndex((line) => line.startsWith(plain(paragraph).slice(0, 50))));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(document.headings.map((heading) => article.lines[lines.indexOf(heading)])).toEqual(document.headings.map(() => 'h'));
    expect(article.text).not.toMatch(/Pagecast Fixture Review|Volume \d|-\s?\d+\s?-/);
    expect(article.text).not.toContain('On reading aloud');
    if (document.references) expect(lines.at(-1)).toBe(REFERENCES_NOTE);
  });
});

describe("a paper's front matter and its words broken at a line's end (groff, front-matter-paper.pdf)", () => {
  const file = path.join(import.meta.dirname, '../../test/fixtures/pdf/front-matter-paper.pdf');
  const abstract =
    'We measured how far people walk to the shops in twelve small towns. Most trips were shorter than a two-kilometre walk, and almost none were longer than five kilometres on foot, whatever the weather and whatever the season of the year.';

  it('names the authors, skips their affiliations and e-mail lines, and heads the abstract', async () => {
    const article = await extractPdf(new Uint8Array(fs.readFileSync(file)));
    expect(article.title).toBe('Walking Distances in Small Towns');
    expect(article.byline).toBe('Ann Lee, Bo Chan');
    const lines = article.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Abstract', abstract, '1. Introduction']);
    expect(article.lines).toBe('hphpp');
    expect(article.text).not.toMatch(/University|Leeds|@|ABSTRACT/);
  });

  it('joins "kilo-" "metre" into one word, keeps "two-" "kilometre" a compound, and splits no paragraph there', async () => {
    const article = await extractPdf(new Uint8Array(fs.readFileSync(file)));
    // The typesetter ended lines with "a two-", "a two-kilo-", "in kilo-" and "their cus-".
    expect(article.text).toContain('shorter than a two-kilometre walk');
    expect(article.text).toContain('asked us for a two-kilometre rule of thumb');
    expect(article.text).toContain('measured in kilometres along the streets');
    expect(article.text).toContain('records of their customers');
    expect(article.text).not.toMatch(/kilo- ?metre|twokilo|cus- ?tomers/);
    // Read mode hears each of the abstract's sentences whole, in one paragraph: no pause mid-sentence.
    const script = readScript({ title: article.title, text: article.text, lines: article.lines, byline: article.byline, language: 'en' });
    const heard = script.filter((sentence) => abstract.includes(sentence.text));
    expect(heard.map((sentence) => sentence.text).join(' ')).toBe(abstract);
    expect(new Set(heard.map((sentence) => sentence.paragraph)).size).toBe(1);
    expect(script.find((sentence) => sentence.text.startsWith('Abstract'))?.chapter).toBe('Abstract');
  });
});
