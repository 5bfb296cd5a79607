/**
 * PDF extraction: milliseconds a page and the words heard against the words written (word F1) for
 * papers in one and two columns at several lengths, made by the tests' PDF generator; the same for
 * news articles typeset by groff and Ghostscript, by half (rules were looked at on "tune" only); the page cap
 * on a 2,000-page document; and how long a decompression bomb takes to refuse. Each run is the
 * median of five after a warm-up, in this process (the server runs the same code in its worker).
 *
 *   npm run bench -- pdf
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDF_LIMITS } from '../../shared/constants.ts';
import { extractPdf } from '../../server/machinery/extract/extract-pdf.ts';
import { wordF1 } from '../../server/machinery/extract/word-f1.ts';
import { bombPdf, layoutDocument, prose, writePdf } from '../../server/test/pdf-document.ts';
import { machineNote, median, table } from './support/report.ts';

const RUNS = 5;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run().catch(() => undefined);
    times.push(performance.now() - started);
  }
  return median(times);
}

function paper(columns: 1 | 2, sections: number) {
  return layoutDocument({
    title: 'A Paper to Listen To',
    authors: 'Ann Lee',
    columns,
    runningHeader: 'Journal of Listening',
    pageNumbers: true,
    hyphenate: true,
    compress: true,
    sections: Array.from({ length: sections }, (_, n) => ({
      heading: `${n + 1} Section ${n + 1}`,
      paragraphs: [prose(n * 3, 7), prose(n * 3 + 1, 5), prose(n * 3 + 2, 6)],
    })),
    references: ['[1] A. Author. A title. 2020.'],
  });
}

export default async function run() {
  console.log(machineNote());
  await extractPdf(paper(1, 2).pdf); // warm-up: pdf.js loads once
  const rows: string[][] = [];
  for (const columns of [1, 2] as const) {
    for (const sections of [3, 12, 48]) {
      const document = paper(columns, sections);
      const ms = await timed(() => extractPdf(document.pdf));
      const article = await extractPdf(document.pdf);
      const f1 = wordF1([article.title, article.text].join('\n'), document.spoken);
      rows.push([`${columns} column${columns === 1 ? '' : 's'}, ${sections} sections`, String(document.pages), ms.toFixed(0), (ms / document.pages).toFixed(1), f1.toFixed(4)]);
    }
  }
  console.log(table(['document', 'pages', 'ms', 'ms a page', 'word F1'], rows).join('\n'));

  const folder = path.resolve(import.meta.dirname, '../../server/test/fixtures/pdf');
  const expected = JSON.parse(fs.readFileSync(path.join(folder, 'expected.json'), 'utf8')) as Record<string, { half: string; title: string; headings: string[]; paragraphs: string[] }>;
  const typeset: string[][] = [];
  for (const [name, document] of Object.entries(expected)) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(folder, `${name}.pdf`)));
    const ms = await timed(() => extractPdf(bytes));
    const article = await extractPdf(bytes);
    const f1 = wordF1([article.title, article.text].join('\n'), [document.title, ...document.headings, ...document.paragraphs].join('\n'));
    typeset.push([name, String(article.pages), ms.toFixed(0), f1.toFixed(4)]);
  }
  console.log(`\n${table(['typeset document', 'pages', 'ms', 'word F1'], typeset).join('\n')}`);

  const long = writePdf(Array.from({ length: 2000 }, (_, i) => ({ texts: [{ text: `The text of page ${i + 1}, in the middle of it.`, x: 72, y: 400, size: 11 }] })));
  const longMs = await timed(() => extractPdf(long));
  console.log(`\n2,000 pages (${(long.length / 1024).toFixed(0)} KB): the first ${PDF_LIMITS.maxPages} read in ${longMs.toFixed(0)} ms (${(longMs / PDF_LIMITS.maxPages).toFixed(1)} ms a page read)`);
  const bomb = bombPdf();
  const bombMs = await timed(() => extractPdf(bomb));
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`a ${(bomb.length / 1024 / 1024).toFixed(1)} MB file unpacking to 1 GB: refused in ${bombMs.toFixed(0)} ms; this process's memory after it all: ${rss.toFixed(0)} MB`);
}
