/**
 * Extraction on the two test corpora (shared/corpora): word F1 against each page's expected text and
 * time per page in the server's extraction worker (the round trip: the page posted to the worker
 * thread, parsed, extracted, the article posted back), median and p99, with the peers' figures for the
 * same pages:
 * - aeb/: 58 news pages with hand-labelled bodies, beside the published outputs of rs_trafilatura,
 *   trafilatura, newspaper and Readability.js;
 * - readability/: Readability's own test pages, whose expected text is Readability's output, beside
 *   plain Readability (no dropped areas, no cleaning) on the same linkedom documents.
 * One warm-up pass first, so the figures are for a running server. The CPU time per page is printed too,
 * as the clock alone says little on a machine that other work keeps busy.
 *
 * Each corpus is also scored in two fixed halves (by a hash of the page's name), so a rule tuned on
 * one half is judged on the other. Every page's score is compared with the last recorded one
 * (scripts/bench/support/extract-scores.json): the pages that fell by more than 0.02 are listed.
 * `WRITE_EXTRACT_SCORES=1 npm run bench -- extract` records the scores of this run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { createArticleExtractor } from '../../server/machinery/extract/extractor.ts';
import { parsePage } from '../../server/machinery/extract/page-document.ts';
import { wordF1 } from '../../server/machinery/extract/word-f1.ts';
import { articleText, type ArticleNode } from '../../shared/text/article-text.ts';

const CORPORA = path.resolve(import.meta.dirname, '../../../shared/corpora');
const READABILITY_URL = 'http://fakehost/test/page.html';

export interface Page {
  id: string;
  url: string;
  html: string;
  expected: string;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export function aebPages(): { pages: Page[]; peers: Record<string, Record<string, { articleBody: string }>> } {
  const dir = path.join(CORPORA, 'aeb');
  const truth = JSON.parse(fs.readFileSync(path.join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody: string; url: string }>;
  const pages = Object.keys(truth)
    .sort()
    .map((id) => ({ id, url: truth[id]!.url, html: fs.readFileSync(path.join(dir, 'html', `${id}.html`), 'utf8'), expected: truth[id]!.articleBody }));
  const peers = Object.fromEntries(
    fs.readdirSync(path.join(dir, 'peers')).sort().map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, 'peers', file), 'utf8'))]),
  );
  return { pages, peers };
}

export function readabilityPages(): Page[] {
  const dir = path.join(CORPORA, 'readability');
  return fs
    .readdirSync(dir)
    .filter((id) => fs.existsSync(path.join(dir, id, 'source.html')))
    .sort()
    .map((id) => ({
      id,
      url: READABILITY_URL,
      html: fs.readFileSync(path.join(dir, id, 'source.html'), 'utf8'),
      expected: articleText(parseHTML(`<!doctype html><html><body>${fs.readFileSync(path.join(dir, id, 'expected.html'), 'utf8')}</body></html>`).document.body as unknown as ArticleNode),
    }));
}

/** Plain Readability on the same document, as the peer on its own test pages. */
function plainReadability(page: Page): string {
  try {
    let root: ArticleNode | null = null;
    new Readability(parsePage(page.html, page.url) as never, { serializer: (node) => { root = node as unknown as ArticleNode; return ''; } }).parse();
    return root ? articleText(root) : '';
  } catch {
    return '';
  }
}

const SCORES_FILE = path.join(import.meta.dirname, 'support', 'extract-scores.json');
/** How far a page's score may fall below its recorded one before it is listed. */
const MAY_FALL = 0.02;

/** The half a page belongs to: fixed by its name, whatever else the corpus holds. */
export const halfOf = (id: string): 'A' | 'B' => ((crypto.createHash('sha256').update(id).digest()[0]! & 1) === 0 ? 'A' : 'B');

function readScores(): Record<string, number> {
  return fs.existsSync(SCORES_FILE) ? (JSON.parse(fs.readFileSync(SCORES_FILE, 'utf8')) as Record<string, number>) : {};
}

/** Word F1 of pagecast and of each peer: on the whole corpus, and on each half. */
function printScores(pages: Page[], scores: number[], peers: [string, (page: Page) => string][]): void {
  const halves = { all: pages.map(() => true), A: pages.map((p) => halfOf(p.id) === 'A'), B: pages.map((p) => halfOf(p.id) === 'B') };
  const cell = (values: number[], within: boolean[]) => {
    const kept = values.filter((_, i) => within[i]);
    return `${mean(kept).toFixed(4)} (min ${Math.min(...kept).toFixed(2)})`;
  };
  const count = (within: boolean[]) => within.filter(Boolean).length;
  console.log(`  word F1          ${'all'.padEnd(20)} half A: ${count(halves.A)} pages`.padEnd(62) + `half B: ${count(halves.B)} pages`);
  const rows: [string, number[]][] = [['pagecast', scores], ...peers.map(([peer, textOf]): [string, number[]] => [peer, pages.map((page) => wordF1(textOf(page), page.expected))])];
  for (const [who, values] of rows) {
    console.log(`    ${who.padEnd(19)}${cell(values, halves.all).padEnd(21)}${cell(values, halves.A).padEnd(21)}${cell(values, halves.B)}`);
  }
}

/** The pages whose score fell by more than MAY_FALL since the recorded scores; records them when asked. */
function compareScores(corpus: string, pages: Page[], scores: number[]): void {
  const recorded = readScores();
  const fell = pages
    .map((page, i) => ({ id: page.id, was: recorded[`${corpus}/${page.id}`], now: scores[i]! }))
    .filter((p) => p.was !== undefined && p.now < p.was - MAY_FALL);
  console.log(
    fell.length === 0
      ? `  no page fell more than ${MAY_FALL} below its recorded score`
      : `  ${fell.length} pages fell more than ${MAY_FALL}: ${fell.map((p) => `${p.id.slice(0, 16)} (${halfOf(p.id)}) ${p.was!.toFixed(3)} → ${p.now.toFixed(3)}`).join(', ')}`,
  );
  const low = pages.map((page, i) => ({ id: page.id, score: scores[i]! })).filter((p) => p.score < 0.5);
  if (low.length > 0) console.log(`  below 0.5: ${low.map((p) => `${p.id.slice(0, 24)} ${p.score.toFixed(3)}`).join(', ')}`);
  if (process.env.WRITE_EXTRACT_SCORES === '1') {
    for (const [i, page] of pages.entries()) recorded[`${corpus}/${page.id}`] = Number(scores[i]!.toFixed(4));
    fs.writeFileSync(SCORES_FILE, `${JSON.stringify(recorded, Object.keys(recorded).sort(), 1)}\n`);
    console.log(`  scores recorded in ${path.relative(process.cwd(), SCORES_FILE)}`);
  }
}

async function measure(corpus: string, name: string, pages: Page[], peers: [string, (page: Page) => string][]): Promise<void> {
  const extractor = createArticleExtractor();
  try {
    const run = async (page: Page) => {
      try {
        return (await extractor.extract(page.html, page.url)).text;
      } catch {
        return '';
      }
    };
    for (const page of pages) await run(page);
    const times: number[] = [];
    const cpu: number[] = [];
    const scores: number[] = [];
    let slowest = { id: '', ms: 0 };
    for (const page of pages) {
      const started = performance.now();
      const usage = process.cpuUsage();
      const text = await run(page);
      const ms = performance.now() - started;
      const used = process.cpuUsage(usage);
      times.push(ms);
      cpu.push((used.user + used.system) / 1000);
      if (ms > slowest.ms) slowest = { id: page.id, ms };
      scores.push(wordF1(text, page.expected));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const sortedCpu = [...cpu].sort((a, b) => a - b);
    console.log(`${name}: ${pages.length} pages, ${(pages.reduce((a, p) => a + p.html.length, 0) / 1024 / 1024).toFixed(1)} MB of HTML`);
    printScores(pages, scores, peers);
    compareScores(corpus, pages, scores);
    console.log(`  time per page  in the worker: median ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${slowest.ms.toFixed(0)} ms (${slowest.id.slice(0, 16)})`);
    // The process's CPU time while the worker runs the page: steadier than the clock on a busy machine.
    console.log(`  CPU per page   median ${quantile(sortedCpu, 0.5).toFixed(1)} ms, p99 ${quantile(sortedCpu, 0.99).toFixed(1)} ms`);
  } finally {
    await extractor.close();
  }
}

export default async function benchExtract(): Promise<void> {
  if (!fs.existsSync(path.join(CORPORA, 'aeb')) || !fs.existsSync(path.join(CORPORA, 'readability'))) {
    console.log(`no corpora at ${CORPORA}`);
    return;
  }
  const { pages, peers } = aebPages();
  await measure(
    'aeb',
    'aeb (hand-labelled news pages)',
    pages,
    Object.entries(peers).map(([peer, outputs]) => [peer, (page: Page) => outputs[page.id]?.articleBody ?? ''] as [string, (page: Page) => string]),
  );
  await measure('readability', "readability (Readability's test pages)", readabilityPages(), [['plain Readability', plainReadability]]);
}
