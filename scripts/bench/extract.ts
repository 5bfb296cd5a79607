/**
 * Extraction on shared/corpora/readability: time per page (linkedom parse, the dropped areas,
 * Readability, the readable text), its median, p95 and total, the word F1 against each page's
 * expected text, and the memory the run holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { extractArticle } from '../../server/services/extract/extract-article.ts';
import { wordF1 } from '../../server/services/extract/word-f1.ts';
import { articleText } from '../../shared/text/article-text.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpora/readability');
const URL_OF_PAGES = 'http://fakehost/test/page.html';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export default async function benchExtract(): Promise<void> {
  if (!fs.existsSync(CORPUS)) {
    console.log(`no corpus at ${CORPUS}`);
    return;
  }
  const pages = fs
    .readdirSync(CORPUS)
    .filter((id) => fs.existsSync(path.join(CORPUS, id, 'source.html')))
    .sort()
    .map((id) => ({
      id,
      html: fs.readFileSync(path.join(CORPUS, id, 'source.html'), 'utf8'),
      expected: fs.readFileSync(path.join(CORPUS, id, 'expected.html'), 'utf8'),
    }));

  // One warm-up pass so the figures are for a running server, not for the JIT's first look.
  for (const page of pages) extractArticle(page.html, URL_OF_PAGES);

  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const times: { id: string; ms: number; kb: number }[] = [];
  const scores: number[] = [];
  for (const page of pages) {
    const started = performance.now();
    const result = extractArticle(page.html, URL_OF_PAGES);
    times.push({ id: page.id, ms: performance.now() - started, kb: page.html.length / 1024 });
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const expected = articleText(parseHTML(`<!doctype html><html><body>${page.expected}</body></html>`).document.body);
    scores.push(wordF1(result.text, expected));
  }

  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  const meanF1 = scores.reduce((a, b) => a + b, 0) / scores.length;
  console.log(`pages                 ${pages.length} (Readability's test pages, ${(pages.reduce((a, p) => a + p.html.length, 0) / 1024 / 1024).toFixed(1)} MB of HTML)`);
  console.log(`time per page         median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${slowest.ms.toFixed(1)} ms (${slowest.id}, ${slowest.kb.toFixed(0)} KB)`);
  console.log(`total                 ${total.toFixed(0)} ms (${(pages.length / (total / 1000)).toFixed(0)} pages/s on one core)`);
  console.log(`word F1 vs expected   mean ${meanF1.toFixed(4)}, min ${Math.min(...scores).toFixed(3)}`);
  console.log(`memory                rss ${mb(rssBefore)} before, peak ${mb(peakRss)}; heap used ${mb(process.memoryUsage().heapUsed)} after`);
}
