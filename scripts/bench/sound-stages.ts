/**
 * Click to sound from outside, stage by stage: Debian's Chromium (the flags of playwright.config.ts),
 * a fresh browser profile each try, a 4,400-word article's address pasted into the home page's card
 * of a real server (`npm start`'s compiled server, embedded defaults), and the time from the click on
 * Create to the page's <audio> element's currentTime moving. The earlier tries' podcasts go on being
 * made meanwhile, and the first try after the server starts counts (no warm-up).
 *
 * Each stage in ms after the click, from the page's own clocks: the create request sent and answered,
 * the first playlist loaded, the first segment fetched (resource timings), the first frame decoded
 * (`loadeddata`), `playing`, and sound. Then one member's five podcasts in a row through the API (each
 * asked for once the previous one's first segment is in): request to first segment, each.
 * Targets: median ≤ 1 s and worst ≤ 2 s over nine tries; each of the five within 2 s.
 *
 *   npm run bench -- sound-stages
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, median, table, verdict } from './support/report.ts';
import { BenchClient, startServer, timeToFirstAudio, type ServerProcess } from './support/server.ts';

const WORDS = 4_400;
const TRIES = 9;
const IN_A_ROW = 5;
const MEDIAN_TARGET_MS = 1_000;
const WORST_TARGET_MS = 2_000;
const WEBAPP_DIST = path.resolve(import.meta.dirname, '..', '..', 'webapp', 'dist');

/** The stages of one try, in ms after the click (null: not seen). */
const STAGES = ['request sent', 'create answered', 'first segment stored (server)', 'playlist asked for', 'playlist loaded', 'first segment fetched', 'first frame decoded', 'playing', 'sound'] as const;
type Stage = (typeof STAGES)[number];
type Try = Record<Exclude<Stage, 'sound'>, number | null> & { sound: number; playlists: number };

/**
 * Set in the page before its scripts run: the click on Create, and the first media element's
 * `loadeddata`, `playing` and time moving past 0, on the page's clock. Plain JavaScript.
 */
const RECORD_MARKS = `(() => {
  const marks = (window.__marks = {});
  performance.setResourceTimingBufferSize(1000);
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && button.type === 'submit') marks.click ??= performance.now();
  }, true);
  document.addEventListener('loadeddata', () => { marks.decoded ??= performance.now(); }, true);
  document.addEventListener('playing', (e) => {
    marks.playing ??= performance.now();
    const media = e.target;
    const poll = setInterval(() => { if (media.currentTime > 0) { marks.sound ??= performance.now(); clearInterval(poll); } }, 2);
  }, true);
})();`;

interface Timeline {
  marks: Record<string, number>;
  origin: number;
  resources: { name: string; startTime: number; responseEnd: number }[];
}

/** A local page per article, as a reader's site would serve it. */
async function serveArticles(): Promise<{ url: (seed: number) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const seed = Number(/^\/article\/(\d+)$/.exec(req.url ?? '')?.[1]);
    if (!seed) return void res.writeHead(404).end();
    const { title, text } = articleBody(WORDS, seed);
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const paragraphs = text.split(/\n+/).map((p) => `<p>${escape(p)}</p>`).join('\n');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${escape(title)}</title></head><body><main><article><h1>${escape(title)}</h1>${paragraphs}</article></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: (seed) => `http://127.0.0.1:${port}/article/${seed}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function oneTry(server: ServerProcess, articleUrl: string): Promise<Try> {
  // A first visit each time: a fresh browser profile, nothing cached, a new anonymous visitor.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: RECORD_MARKS });
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Website URL' }).fill(articleUrl);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/podcasts');
    await page.getByRole('button', { name: 'Create Podcast' }).click();
    const { id } = (await (await answer).json()) as { id: string };
    await page
      .waitForFunction(() => (globalThis as unknown as { __marks: { sound?: number } }).__marks.sound !== undefined, null, { timeout: 60_000 })
      .catch((err: unknown) => {
        throw new Error(`no sound within a minute:\n${server.stderrTail()}`, { cause: err });
      });
    const { marks, resources, origin } = await page.evaluate<Timeline>(
      `({ marks: window.__marks, origin: performance.timeOrigin, resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })) })`,
    );
    await page.evaluate("document.querySelectorAll('audio').forEach((a) => a.pause())");
    const click = marks.click!;
    const since = (t: number | undefined) => (t === undefined ? null : t - click);
    const after = resources.filter((r) => r.startTime >= click - 5);
    const create = after.find((r) => new URL(r.name).pathname === '/api/podcasts');
    const playlists = after.filter((r) => r.name.includes('/stream.m3u8'));
    const segment = after.find((r) => /\/segments\/0\.mp3/.test(r.name));
    // The server's debug log, on the same machine's clock.
    const stored = server.logLines().find((l) => l.msg === 'first segment stored' && l.podcastId === id);
    return {
      'request sent': since(create?.startTime),
      'create answered': since(create?.responseEnd),
      'first segment stored (server)': stored ? Date.parse(String(stored.time)) - (origin + click) : null,
      'playlist asked for': since(playlists[0]?.startTime),
      'playlist loaded': since(playlists[0]?.responseEnd),
      'first segment fetched': since(segment?.responseEnd),
      'first frame decoded': since(marks.decoded),
      playing: since(marks.playing),
      sound: since(marks.sound)!,
      playlists: playlists.filter((r) => r.startTime <= marks.sound!).length,
    };
  } finally {
    await browser.close();
  }
}

function report(tries: Try[]): void {
  const ms = (v: number | null) => (v === null ? '—' : String(Math.round(v)));
  const rows = STAGES.map((stage) => {
    const seen = tries.map((t) => t[stage]).filter((v): v is number => v !== null);
    return [stage, seen.length ? ms(median(seen)) : '—', tries.map((t) => ms(t[stage])).join(' ')];
  });
  rows.push(['playlists asked for before sound', String(median(tries.map((t) => t.playlists))), tries.map((t) => t.playlists).join(' ')]);
  for (const line of table(['stage (ms after the click)', 'median', 'each try, in order'], rows)) console.log(line);
  const sounds = tries.map((t) => t.sound);
  const mid = median(sounds);
  const worst = Math.max(...sounds);
  console.log(`click to sound, median ≤ ${MEDIAN_TARGET_MS} ms: ${verdict(mid <= MEDIAN_TARGET_MS)} (${Math.round(mid)} ms)`);
  console.log(`click to sound, worst ≤ ${WORST_TARGET_MS} ms: ${verdict(worst <= WORST_TARGET_MS)} (${Math.round(worst)} ms)`);
}

/** One member's podcasts in a row, each asked for once the previous one's first segment is in. */
async function inARow(server: ServerProcess): Promise<void> {
  const member = new BenchClient(server);
  const firsts: number[] = [];
  for (let i = 0; i < IN_A_ROW; i++) firsts.push((await timeToFirstAudio(member, articleBody(WORDS, 500 + i))).firstAudioMs);
  console.log(`\none member's ${IN_A_ROW} podcasts in a row, request to first segment (ms): ${firsts.map((v) => Math.round(v)).join(' ')}`);
  const worst = Math.max(...firsts);
  console.log(`each within ${WORST_TARGET_MS} ms: ${verdict(worst <= WORST_TARGET_MS)} (worst ${Math.round(worst)} ms)`);
}

export default async function soundStages(): Promise<void> {
  if (!fs.existsSync(path.join(WEBAPP_DIST, 'index.html'))) throw new Error('No built web app: run `npx vite build --config webapp/vite.config.ts` first');
  const articles = await serveArticles();
  const server = await startServer({ FETCH_ALLOW_HOSTS: new URL(articles.url(1)).host, LOG_LEVEL: 'debug' }, { log: true });
  try {
    console.log(machineNote());
    console.log(`a ${WORDS.toLocaleString('en-US')}-word article pasted on the home page; ${TRIES} cold tries, each a fresh browser`);
    const tries: Try[] = [];
    for (let i = 0; i < TRIES; i++) tries.push(await oneTry(server, articles.url(100 + i)));
    report(tries);
    await inARow(server);
  } finally {
    await server.stop();
    await articles.close();
  }
}
