/**
 * Extraction by kind of page: the WCXB development pages (shared/corpora/wcxb-dev, seven kinds), each
 * scored by the benchmark's word F1 against its labelled main content, per kind and on two halves
 * split by a hash of the site's domain before any rule was written (support/wcxb.ts): the half the
 * rules were tuned on and the held-out half. Beside Pagecast: Readability.js 0.6.0 run in the same
 * process on the same linkedom documents, and the published figures of the benchmark's peers (their
 * development split). Then the aeb news pages and Readability's test pages on their two halves, so a
 * rule for other kinds of pages is seen not to cost articles.
 *
 * Time per page is the server's path: the page posted to the extraction worker thread, parsed,
 * extracted and posted back, after a warm-up on the first pages; the process's CPU time beside it, as the clock
 * says little on a machine other work keeps busy.
 */
import { Readability } from '@mozilla/readability';
import { createArticleExtractor } from '../../server/machinery/extract/extractor.ts';
import { parsePage } from '../../server/machinery/extract/page-document.ts';
import { wordF1 } from '../../server/machinery/extract/word-f1.ts';
import { articleText, type ArticleNode } from '../../shared/text/article-text.ts';
import { aebPages, halfOf, readabilityPages, type Page } from './extract.ts';
import { machineNote, median, quantile, table } from './support/report.ts';
import { hasWcxb, KINDS, wcxbF1, wcxbPages, type Kind } from './support/wcxb.ts';

/** The benchmark's published F1 on its development split, per kind. */
const PUBLISHED: Record<string, Record<Kind | 'all', number>> = {
  'rs-trafilatura': { all: 0.859, article: 0.932, forum: 0.808, product: 0.641, collection: 0.716, listing: 0.707, documentation: 0.932, service: 0.844 },
  trafilatura: { all: 0.791, article: 0.926, forum: 0.585, product: 0.567, collection: 0.553, listing: 0.589, documentation: 0.888, service: 0.763 },
  readability: { all: 0.675, article: 0.825, forum: 0.466, product: 0.407, collection: 0.445, listing: 0.496, documentation: 0.736, service: 0.604 },
};

/** Pages extracted once before the measured pass, so the figures are for a warm worker. */
const WARM_UP_PAGES = 50;

/** Plain Readability.js on the same document: the text of its result. */
function readabilityText(html: string, url: string): string {
  try {
    let root: ArticleNode | null = null;
    new Readability(parsePage(html, url) as never, { serializer: (node) => { root = node as unknown as ArticleNode; return ''; } }).parse();
    return root ? articleText(root) : '';
  } catch {
    return '';
  }
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const f3 = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(3));

interface Scored {
  kind: string;
  half: string;
  pagecast: number;
  readability: number;
}

function scoreTable(rows: Scored[], groups: string[], halves: [string, string], published = PUBLISHED): string[] {
  const cell = (group: string, half: string, who: 'pagecast' | 'readability') =>
    f3(mean(rows.filter((r) => (group === 'all' || r.kind === group) && r.half === half).map((r) => r[who])));
  const count = (group: string, half: string) => String(rows.filter((r) => (group === 'all' || r.kind === group) && r.half === half).length);
  return table(
    ['kind', `${halves[0]} pages`, 'Pagecast', 'Readability.js', `${halves[1]} pages`, 'Pagecast', 'Readability.js', ...Object.keys(published).map((p) => `${p} (published)`)],
    ['all', ...groups].map((group) => [
      group,
      count(group, halves[0]), cell(group, halves[0], 'pagecast'), cell(group, halves[0], 'readability'),
      count(group, halves[1]), cell(group, halves[1], 'pagecast'), cell(group, halves[1], 'readability'),
      ...Object.values(published).map((figures) => (group in figures ? f3(figures[group as Kind | 'all']) : '')),
    ]),
  );
}

export default async function benchExtraction(): Promise<void> {
  if (!hasWcxb()) {
    console.log('no wcxb-dev corpus in shared/corpora');
    return;
  }
  const pages = wcxbPages();
  const extractor = createArticleExtractor();
  const run = async (html: string, url: string) => {
    try {
      return (await extractor.extract(html, url)).text;
    } catch {
      return '';
    }
  };
  try {
    for (const page of pages.slice(0, WARM_UP_PAGES)) await run(page.html, page.url);
    const times: number[] = [];
    const cpu: number[] = [];
    const rows: Scored[] = [];
    for (const page of pages) {
      const started = performance.now();
      const usage = process.cpuUsage();
      const text = await run(page.html, page.url);
      times.push(performance.now() - started);
      const used = process.cpuUsage(usage);
      cpu.push((used.user + used.system) / 1000);
      rows.push({ kind: page.kind, half: page.half, pagecast: wcxbF1(text, page.truth), readability: wcxbF1(readabilityText(page.html, page.url), page.truth) });
    }
    console.log(`wcxb-dev: ${pages.length} pages, word F1 (\\w+ bags), halves by the domain's hash: tune (rules tuned on it), held (held out)`);
    for (const line of scoreTable(rows, [...KINDS], ['tune', 'held'])) console.log(`  ${line}`);
    console.log(`  time per page in the extraction worker: median ${median(times).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms (CPU median ${median(cpu).toFixed(1)} ms, p95 ${quantile(cpu, 0.95).toFixed(1)} ms)`);

    const articles: Scored[] = [];
    const aeb = aebPages().pages;
    const readability = readabilityPages();
    for (const [corpus, list] of [['aeb', aeb], ['readability', readability]] as [string, Page[]][]) {
      for (const page of list) {
        articles.push({
          kind: corpus,
          half: halfOf(page.id),
          pagecast: wordF1(await run(page.html, page.url), page.expected),
          readability: wordF1(readabilityText(page.html, page.url), page.expected),
        });
      }
    }
    console.log('aeb (news pages, hand-labelled) and readability (its test pages), word F1, halves by the page name');
    for (const line of scoreTable(articles, ['aeb', 'readability'], ['A', 'B'], {})) console.log(`  ${line}`);
    console.log(`  ${machineNote()}`);
  } finally {
    await extractor.close();
  }
}
