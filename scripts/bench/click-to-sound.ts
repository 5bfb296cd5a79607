/**
 * Click to sound in Debian's Chromium: from the click on Create to the page's <audio> element actually
 * advancing (its first `timeupdate` past 0), for a 4,400-word article on a real server (npm start's
 * compiled server, embedded defaults: read mode, the espeak voice), a fresh visitor each time.
 *
 * 1. The web app: the home page's URL card (the server fetches the article from a local page).
 * 2. The extension (.output/chrome-mv3, `npx wxt build`): the popup's "Create podcast from this page"
 *    on the article's tab, heard from the offscreen document's player.
 * 3. A PDF chosen on the home page's card (a 2-column report of about 4,000 words).
 *
 * As a visitor meets it: every try is a fresh browser profile and a new visitor, the first try after
 * the server starts counts (no warm-up), and the earlier tries' podcasts go on being made meanwhile,
 * so a new podcast competes with them for the job slots. Each section prints the median and the worst.
 *
 * Beside each total stands where the time went, each step counted from the click: the create request
 * answered, the server's job claimed and its first segment stored (the server's debug log), the player
 * code loaded (hls.js), the first playlist answered and how many were asked for before sound, the
 * first segment received (the page's resource timings), `playing`. The server-side figure (the
 * request to the first segment stored) is the `first-audio` bench's.
 *
 *   npm run bench -- click-to-sound
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Response } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { offscreenDocument } from '../../e2e/fixtures/offscreen.ts';
import { launchWithExtension } from './popup-paint.ts';
import { articleBody } from './support/articles.ts';
import { machineNote, median, table, verdict } from './support/report.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../shared/constants.ts';
import { sleep, startServer, type ServerProcess } from './support/server.ts';
import { layoutDocument, prose } from '../../server/test/pdf-document.ts';

/** A two-column report of about 4,000 words, a different one each try. */
function reportPdf(seed: number): Uint8Array {
  const sections = Array.from({ length: 8 }, (_, s) => ({
    heading: `${s + 1} Findings of part ${s + 1}`,
    paragraphs: Array.from({ length: 5 }, (_, p) => prose(seed * 100 + s * 10 + p, 6)),
  }));
  return layoutDocument({ title: `Coastal Survey ${seed + 1}`, authors: 'Ines Morel', columns: 2, pageNumbers: true, sections }).pdf;
}

const WORDS = 4_400;
const RUNS = 9;
const TARGET_MS = 1_000;
const WORST_TARGET_MS = 3_000;
const WEBAPP_DIST = path.resolve(import.meta.dirname, '..', '..', 'webapp', 'dist');

/** The extension API where the bench's callbacks run (the service worker); this file is checked as Node code. */
declare const chrome: {
  storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
  tabs: { query(info: { url: string }): Promise<{ id?: number }[]> };
};

/** One run's moments, in ms after the click (null: the step did not happen, e.g. code already loaded). */
interface Run {
  sound: number;
  playing: number | null;
  created: number | null;
  claimed: number | null;
  stored: number | null;
  playerCode: number | null;
  playlist: number | null;
  playlists: number;
  segment: number | null;
}

/** What a page's performance timeline says about the requests on the way to sound. */
interface Resource {
  name: string;
  startTime: number;
  responseEnd: number;
}

/**
 * Set in every page before its scripts run: the click on a submit button (or on `createLabel`), the
 * first `playing` and the first `timeupdate` past 0 of any media element, in the page's clock. Plain
 * JavaScript: the page runs it as written.
 */
const RECORD_MARKS = `((createLabel) => {
  const marks = {};
  window.__marks = marks;
  performance.setResourceTimingBufferSize(1000);
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && (button.type === 'submit' || button.textContent.includes(createLabel))) marks.click ??= performance.now();
  }, true);
  // Media events do not bubble, but the document sees them on the way down. The clock is read every
  // few milliseconds once playing (timeupdate comes only every quarter of a second).
  document.addEventListener('playing', (e) => {
    marks.playing ??= performance.now();
    const media = e.target;
    const poll = setInterval(() => {
      if (media.currentTime > 0) { marks.sound ??= performance.now(); clearInterval(poll); }
    }, 2);
  }, true);
})`;

/** A page's marks and resource timings, as a plain expression (the page runs it as written). */
const READ_TIMELINE = `(() => ({
  marks: window.__marks,
  origin: performance.timeOrigin,
  resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd })),
}))()`;

interface Timeline {
  marks: Record<string, number>;
  origin: number;
  resources: Resource[];
}

const PAUSE_ALL = "document.querySelectorAll('audio').forEach((a) => a.pause())";

/** A local page per article, as a reader's site would serve it. */
async function serveArticles(): Promise<{ url: (seed: number) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const seed = Number(/^\/article\/(\d+)$/.exec(req.url ?? '')?.[1]);
    if (!seed) return void res.writeHead(404).end();
    const { title, text } = articleBody(WORDS, seed);
    const paragraphs = text
      .split(/\n+/)
      .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
      .join('\n');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><article><h1>${title}</h1>${paragraphs}</article></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: (seed) => `http://127.0.0.1:${port}/article/${seed}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const isCreate = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/podcasts';

/** The podcast the create request made, and the visitor's anonymous token it was made with. */
async function created(response: Response): Promise<{ id: string; token: string }> {
  const { id } = (await response.json()) as { id: string };
  return { id, token: (await response.request().headerValue(ANONYMOUS_TOKEN_HEADER)) ?? '' };
}


/** When the server logged `msg` for the podcast, in ms after `clickAt` (epoch ms). */
function serverMoment(server: ServerProcess, msg: string, podcastId: string, clickAt: number): number | null {
  const line = server.logLines().find((l) => l.msg === msg && l.podcastId === podcastId);
  return line ? Date.parse(String(line.time)) - clickAt : null;
}

/** The moments of one run, from the page that played (its marks and resources) and the server's log. */
function moments(
  server: ServerProcess,
  podcastId: string,
  clickAt: number,
  player: Timeline,
  created: number | null,
): Run {
  const since = (t: number | undefined) => (t === undefined ? null : player.origin + t - clickAt);
  const after = player.resources.filter((r) => player.origin + r.startTime >= clickAt - 5);
  const sound = since(player.marks.sound)!;
  const playlists = after.filter((r) => r.name.includes('/stream.m3u8'));
  const beforeSound = playlists.filter((r) => since(r.startTime)! <= sound);
  const segment = after.find((r) => /\/segments\/0\.mp3/.test(r.name));
  const code = after.find((r) => /hls|load-hls/i.test(r.name) && r.name.endsWith('.js'));
  return {
    sound,
    playing: since(player.marks.playing),
    created,
    claimed: serverMoment(server, 'job claimed', podcastId, clickAt),
    stored: serverMoment(server, 'first segment stored', podcastId, clickAt),
    playerCode: code ? since(code.responseEnd) : null,
    playlist: playlists[0] ? since(playlists[0].responseEnd) : null,
    playlists: beforeSound.length,
    segment: segment ? since(segment.responseEnd) : null,
  };
}

/** What the visitor gives the home page's card: an address, or a PDF file. */
type Source = { url: string } | { pdf: Uint8Array };

async function webappRun(server: ServerProcess, context: BrowserContext, source: Source): Promise<Run> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    if ('url' in source) await page.getByRole('textbox', { name: 'Website URL' }).fill(source.url);
    else {
      // As a visitor does it: "choose a PDF", then the file in the browser's chooser.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'choose a PDF' }).click();
      await (await chooser).setFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(source.pdf) });
    }
    const answer = page.waitForResponse(isCreate);
    await page.getByRole('button', { name: 'Create Podcast' }).click();
    const podcast = await created(await answer);
    await page
      .waitForFunction(() => (globalThis as unknown as { __marks: { sound?: number } }).__marks.sound !== undefined, null, { timeout: 60_000 })
      .catch(async (err: unknown) => {
        const said = (await page.locator('main').innerText()).slice(0, 2000);
        const logged = server.logLines().slice(-8).map((l) => JSON.stringify(l)).join('\n');
        throw new Error(`no sound within a minute; the page said:\n${said}\nthe server logged:\n${logged}\n${server.stderrTail()}`, { cause: err });
      });
    const read = await page.evaluate<Timeline>(READ_TIMELINE);
    const clickAt = read.origin + read.marks.click!;
    const post = read.resources.find((r) => new URL(r.name).pathname === '/api/podcasts' && read.origin + r.startTime >= clickAt - 5);
    const run = moments(server, podcast.id, clickAt, read, post ? read.origin + post.responseEnd - clickAt : null);
    await page.evaluate(PAUSE_ALL);
    return run;
  } finally {
    await page.close();
  }
}

async function webapp(server: ServerProcess, source: (i: number) => Source): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A first visit each time: a fresh browser, nothing cached, a new anonymous visitor.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: `${RECORD_MARKS}('Create Podcast');` });
      runs.push(await webappRun(server, context, source(i)));
    } finally {
      await browser.close();
    }
  }
  return runs;
}

/** The offscreen document's evaluator once it is open, else null (it opens with the first podcast played). */
const offscreenEvaluator = (page: Page) => offscreenDocument(page).catch(() => null);

/**
 * In the offscreen document: the marks of its player from now on (the element is reused between
 * podcasts, so each run starts them afresh). Answers whether it was already playing (a late watch).
 */
const WATCH_OFFSCREEN = `(() => {
  const audio = document.querySelector('audio');
  if (!window.__benchWatching) {
    window.__benchWatching = true;
    document.addEventListener('playing', (e) => {
      window.__marks.playing ??= performance.now();
      const media = e.target;
      const poll = setInterval(() => {
        if (media.currentTime > 0) { window.__marks.sound ??= performance.now(); clearInterval(poll); }
      }, 2);
    }, true);
  }
  window.__marks = {};
  performance.clearResourceTimings();
  return !!audio && !audio.paused && audio.currentTime > 0;
})()`;

async function extension(server: ServerProcess, articles: Awaited<ReturnType<typeof serveArticles>>): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh browser profile each time, the extension just installed.
    const browser = await launchWithExtension();
    try {
      runs.push(await extensionRun(server, browser, articles.url(200 + i)));
    } finally {
      await browser.close();
    }
  }
  return runs;
}

async function extensionRun(server: ServerProcess, browser: Awaited<ReturnType<typeof launchWithExtension>>, articleUrl: string): Promise<Run> {
  await browser.worker.evaluate(async (base) => chrome.storage.local.set({ serverUrl: base }), server.base);
  const popupUrl = `chrome-extension://${new URL(browser.worker.url()).host}/popup.html`;
  // The devtools session to the offscreen document goes through a page open for the whole try.
  const host = await browser.context.newPage();
  const tab = await browser.context.newPage();
  await tab.goto(articleUrl);
  const tabId = await browser.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, articleUrl);
  const popup = await browser.context.newPage();
  // The popup acts on the article's tab, as when the toolbar button opens it over that tab.
  await popup.addInitScript({
    content: `(() => { const query = chrome.tabs.query.bind(chrome.tabs); chrome.tabs.query = async (info) => (info.active && info.currentWindow ? [await chrome.tabs.get(${tabId})] : query(info)); })();${RECORD_MARKS}('Create podcast from this page');`,
  });
  await popup.goto(popupUrl);
  const create = popup.getByRole('button', { name: 'Create podcast from this page' });
  await create.waitFor();
  const answer = browser.context.waitForEvent('response', { predicate: isCreate, timeout: 30_000 });
  await create.click();
  const clicked = await popup.evaluate(() => performance.timeOrigin + (globalThis as unknown as { __marks: { click: number } }).__marks.click);
  // The offscreen document opens with the first podcast played; watched from then on.
  let evaluate: Awaited<ReturnType<typeof offscreenEvaluator>> = null;
  let late = false;
  const deadline = Date.now() + 60_000;
  while (!evaluate && Date.now() < deadline) {
    evaluate = await offscreenEvaluator(host);
    if (evaluate) late = await evaluate<boolean>(WATCH_OFFSCREEN);
    else await sleep(10);
  }
  if (!evaluate) throw new Error('the offscreen player never opened');
  let read = null as Timeline | null;
  while (Date.now() < deadline) {
    read = await evaluate<Timeline>(READ_TIMELINE).catch(async () => {
      // The offscreen document was opened again (the first one closes as the player moves in).
      const again = await offscreenEvaluator(host);
      if (again) {
        evaluate = again;
        late = await again<boolean>(WATCH_OFFSCREEN);
      }
      return null;
    });
    if (read?.marks.sound !== undefined) break;
    await sleep(10);
  }
  if (!read?.marks.sound) throw new Error('the offscreen player never advanced');
  const response = await answer;
  const podcast = await created(response);
  const timing = response.request().timing();
  const run = moments(server, podcast.id, clicked, read, timing.startTime + timing.responseEnd - clicked);
  await evaluate(PAUSE_ALL);
  if (late) console.log('(the offscreen player was watched only once it played: this figure is an upper bound)');
  return run;
}

function report(title: string, runs: Run[]): boolean {
  const med = (pick: (r: Run) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? `${Math.round(median(values))} ms` : '—';
  };
  console.log(`\n### ${title}: click to sound, ${runs.length} cold tries (median, then every try in order)`);
  const rows: [string, (r: Run) => number | null][] = [
    ['create request answered', (r) => r.created],
    ['job claimed (server)', (r) => r.claimed],
    ['first segment stored (server)', (r) => r.stored],
    ['player code loaded (after the click)', (r) => r.playerCode],
    ['first playlist answered', (r) => r.playlist],
    ['playlists asked for before sound', (r) => r.playlists],
    ['segment 0 received', (r) => r.segment],
    ['playing event', (r) => r.playing],
    ['sound (the element advancing)', (r) => r.sound],
  ];
  for (const line of table(['step', 'median', 'runs'], rows.map(([name, pick]) => [name, name.startsWith('playlists') ? String(median(runs.map(pick) as number[])) : med(pick), runs.map((r) => pick(r) ?? '—').map((v) => (typeof v === 'number' ? Math.round(v) : v)).join(' ')]))) console.log(line);
  const sound = median(runs.map((r) => r.sound));
  const worst = Math.max(...runs.map((r) => r.sound));
  console.log(`click to sound, median ≤ ${TARGET_MS} ms: ${verdict(sound <= TARGET_MS)} (${Math.round(sound)} ms)`);
  console.log(`click to sound, worst ≤ ${WORST_TARGET_MS} ms: ${verdict(worst <= WORST_TARGET_MS)} (${Math.round(worst)} ms)`);
  return sound <= TARGET_MS && worst <= WORST_TARGET_MS;
}

export default async function clickToSound(): Promise<void> {
  if (!fs.existsSync(path.join(WEBAPP_DIST, 'index.html'))) throw new Error('No built web app: run `npx vite build --config webapp/vite.config.ts` first');
  const articles = await serveArticles();
  const server = await startServer({ FETCH_ALLOW_HOSTS: new URL(articles.url(1)).host, LOG_LEVEL: 'debug' }, { log: true });
  try {
    console.log(machineNote());
    console.log(`a ${WORDS.toLocaleString('en-US')}-word article; each step in ms after the click`);
    report('1. web app', await webapp(server, (i) => ({ url: articles.url(100 + i) })));
    report('2. extension (offscreen player)', await extension(server, articles));
    report('3. a PDF chosen on the web app', await webapp(server, (i) => ({ pdf: reportPdf(i) })));
  } finally {
    await server.stop();
    await articles.close();
  }
}
