/**
 * An estimate of several very long sources against a real server (`npm start`'s build): ten pages of
 * 690,000 words each (about 4.4 MB of HTML, under the page cap), as round four's attack sent them;
 * then ten pages of 4,000 words each, which the extraction worker reads whole and which together stay
 * under the word budget, so all ten are read, counted and planned (refused on length at the end).
 * Beside the answer and its time: GET /api/health's latency while it runs (its worst is the longest
 * stall of the server's event loop, where the words are counted and the sources joined), and the
 * server's resident memory before, at its peak and after.
 *
 *   npm run bench -- source-stalls
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { machineNote, median, table } from './support/report.ts';
import { probeHealth, rssOf, sleep, startServer } from './support/server.ts';

const PAGES = 10;
/** Words a page: the attack's, then pages the worker reads whole. */
const SIZES = [690_000, 4_000];

/** A page of `WORDS` words in paragraphs of 100, each page its own (so none is a page the server just read). */
function longPage(n: number, WORDS: number): string {
  const paragraph = (i: number) => `<p>${Array.from({ length: 100 }, (_, w) => `word${(i * 100 + w + n) % 997}`).join(' ')}.</p>`;
  return `<!doctype html><html lang="en"><head><title>Long page ${n}</title></head><body><article><h1>Long page ${n}</h1>${Array.from({ length: WORDS / 100 }, (_, i) => paragraph(i)).join('')}</article></body></html>`;
}

const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;


export default async function run(): Promise<void> {
  console.log(machineNote());
  const rows: string[][] = [];
  for (const words of SIZES) rows.push(await estimateOf(words));
  console.log(table(['what was estimated', 'answer', 'took', 'health median / worst, idle', 'health median / worst, during', 'memory before → peak → after'], rows).join('\n'));
}

async function estimateOf(WORDS: number): Promise<string[]> {
  const pages = Array.from({ length: PAGES }, (_, n) => Buffer.from(longPage(n, WORDS)));
  const site = http.createServer((req, res) => {
    const n = Number(/^\/page\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    if (!pages[n]) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[n]);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  const server = await startServer({ FETCH_ALLOW_HOSTS: host, FETCHES_PER_HOUR: '1000', FAILED_FETCHES_PER_HOUR: '1000' });
  try {
    const idle = await probeHealth(server, sleep(1000));
    const before = rssOf(server);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server))), 50);
    const started = performance.now();
    const answer = fetch(`${server.base}/api/podcasts/estimate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ANONYMOUS_TOKEN_HEADER]: `bench-sources-${process.pid}` },
      body: JSON.stringify({ sources: pages.map((_, n) => ({ url: `http://${host}/page/${n}` })), mode: 'read' }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error?: { message?: string }; words?: number } }));
    const during = await probeHealth(server, answer);
    const { status, body } = await answer;
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    const after = rssOf(server);
    await sleep(3000);
    const settled = rssOf(server);
    const said = status === 200 ? `200, ${body.words} words` : `${status}: ${(body.error?.message ?? '').slice(0, 300)}`;
    return [`${PAGES} pages of ${WORDS.toLocaleString('en')} words (${mb(pages[0]!.length)} each)`, said, ms(wallMs), `${ms(median(idle))} / ${ms(Math.max(...idle))}`, `${ms(median(during))} / ${ms(Math.max(...during))}`, `${mb(before)} → ${mb(peak)} → ${mb(after)} (${mb(settled)} 3 s later)`];
  } finally {
    await server.stop();
    site.close();
  }
}
