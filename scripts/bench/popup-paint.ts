/**
 * The extension's popup: how soon it paints after it opens, how soon its "Create podcast from this
 * page" button can be clicked, and when its first request to the server leaves (it must come after the
 * first paint). The built Chrome extension (.output/chrome-mv3, `npx wxt build`) runs in Debian's
 * Chromium against a real server, with a signed-in member whose account and podcast list the last
 * visit left in extension storage. The popup page opens in a tab of its own (Playwright cannot reach
 * the toolbar's popup window), told that the readable page in the other tab is the active tab, as it
 * is when the toolbar button opens it. Times count from the popup's navigation start. Each figure is
 * the median of RUNS openings after a first one.
 *
 *   npm run bench -- popup-paint
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Request, type Worker } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { machineNote, median, table, verdict } from './support/report.ts';
import { startServer, type ServerProcess } from './support/server.ts';

const EXTENSION_DIR = process.env.PAGECAST_EXTENSION_DIR ?? path.resolve(import.meta.dirname, '..', '..', '.output', 'chrome-mv3');
const RUNS = 7;
const PAINT_TARGET_MS = 100;
const CREATE_TARGET_MS = 150;

/** The extension API where the bench's callbacks run (the service worker); this file is checked as Node code. */
declare const chrome: {
  storage: { local: { set(items: Record<string, unknown>): Promise<void> } };
  tabs: { query(info: { url: string }): Promise<{ id?: number }[]> };
};
const CREATE_LABEL = 'Create podcast from this page';

/**
 * Set in every page before its scripts run: paint entries, and when the Create button is usable
 * (checked at every frame: usable from the frame that shows it enabled); in the popup, the active-tab
 * query answers the reader's page. Plain JavaScript: the page runs it as written.
 */
const RECORD_POPUP_TIMES = `(({ label, activeTabId }) => {
  if (location.protocol === 'chrome-extension:' && typeof chrome !== 'undefined' && chrome.tabs) {
    const query = chrome.tabs.query.bind(chrome.tabs);
    chrome.tabs.query = async (info) => (info.active && info.currentWindow ? [await chrome.tabs.get(activeTabId)] : query(info));
  }
  const times = {};
  window.__popupTimes = times;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) times[entry.name] = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const everyFrame = () => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.includes(label));
    if (button && !button.disabled) times.createReady = performance.now();
    else if (performance.now() < 20000) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
})`;

interface Opening {
  firstPaint: number;
  firstContentfulPaint: number;
  createReady: number;
  /** The first request to the server, after the popup opened (ms); null when it sent none. */
  firstRequest: number | null;
}

export async function launchWithExtension(): Promise<{ context: BrowserContext; worker: Worker; close: () => Promise<void> }> {
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension in ${EXTENSION_DIR}: run \`npx wxt build\` first`);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bench-ext-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context,
    worker,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A member with a few podcasts, as the popup's last visit left them in storage. */
async function seedSignedInMember(server: ServerProcess, worker: Worker): Promise<void> {
  const email = `popup-${Date.now().toString(36)}@example.com`;
  const registered = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'popup-bench-password' }),
  }).then((r) => r.json() as Promise<{ token: string; user: unknown }>);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${registered.token}` };
  for (let i = 1; i <= 3; i += 1) {
    const text = Array.from({ length: 20 }, (_, n) => `Sentence ${n + 1} of the popup article number ${i}.`).join(' ');
    await fetch(`${server.base}/api/podcasts`, { method: 'POST', headers, body: JSON.stringify({ title: `Popup article ${i}`, text, mode: 'read' }) });
  }
  const list = await fetch(`${server.base}/api/podcasts`, { headers }).then((r) => r.json() as Promise<{ podcasts: unknown[] }>);
  await worker.evaluate(
    async ({ base, session, podcasts }) => {
      await chrome.storage.local.set({ serverUrl: base, session, recentPodcasts: podcasts });
    },
    { base: server.base, session: { token: registered.token, user: registered.user }, podcasts: list.podcasts },
  );
}

async function measureOnce(context: BrowserContext, popupUrl: string, serverBase: string): Promise<Opening> {
  // Requests to the server from the extension (its background, or the popup), not from the reader's tab.
  const requests: number[] = [];
  const popup = await context.newPage();
  const onRequest = (request: Request) => {
    if (!request.url().startsWith(serverBase)) return;
    if (request.serviceWorker() || request.frame().page() === popup) requests.push(Date.now());
  };
  context.on('request', onRequest);
  await popup.goto(popupUrl);
  await popup.waitForFunction(() => (globalThis as unknown as { __popupTimes?: { createReady?: number } }).__popupTimes?.createReady !== undefined, null, { timeout: 10_000 });
  await popup.waitForTimeout(300);
  const { times, origin } = await popup.evaluate(() => ({
    times: (globalThis as unknown as { __popupTimes: Record<string, number> }).__popupTimes,
    origin: performance.timeOrigin,
  }));
  context.off('request', onRequest);
  await popup.close();
  const after = requests.map((t) => t - origin).filter((t) => t >= 0);
  return {
    firstPaint: times['first-paint'] ?? NaN,
    firstContentfulPaint: times['first-contentful-paint'] ?? NaN,
    createReady: times.createReady ?? NaN,
    firstRequest: after.length ? Math.min(...after) : null,
  };
}

export default async function popupPaint(): Promise<void> {
  const server = await startServer();
  const browser = await launchWithExtension();
  try {
    await seedSignedInMember(server, browser.worker);
    // A readable page for the popup to act on: the web app's own home page.
    const tab = await browser.context.newPage();
    await tab.goto(`${server.base}/`);
    const activeTabId = await browser.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, `${server.base}/`);
    await browser.context.addInitScript({ content: `${RECORD_POPUP_TIMES}(${JSON.stringify({ label: CREATE_LABEL, activeTabId })});` });
    const popupUrl = `chrome-extension://${new URL(browser.worker.url()).host}/popup.html`;
    // The first opening loads the extension's files from disk; it is reported apart.
    const cold = await measureOnce(browser.context, popupUrl, server.base);
    const runs: Opening[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser.context, popupUrl, server.base));

    const ms = (n: number | null) => (n === null || Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);
    const med = (pick: (o: Opening) => number | null) => {
      const values = runs.map(pick).filter((v): v is number => v !== null && !Number.isNaN(v));
      return values.length ? median(values) : null;
    };
    const paint = med((o) => o.firstPaint);
    const create = med((o) => o.createReady);
    const request = med((o) => o.firstRequest);
    console.log(machineNote());
    for (const line of table(
      ['', 'first paint', 'first contentful paint', 'Create usable', 'first request to the server'],
      [
        ['first opening', ms(cold.firstPaint), ms(cold.firstContentfulPaint), ms(cold.createReady), ms(cold.firstRequest)],
        [`median of ${RUNS}`, ms(paint), ms(med((o) => o.firstContentfulPaint)), ms(create), ms(request)],
      ],
    ))
      console.log(line);
    console.log(`first paint ≤ ${PAINT_TARGET_MS} ms: ${verdict(paint !== null && paint <= PAINT_TARGET_MS)}`);
    console.log(`Create usable ≤ ${CREATE_TARGET_MS} ms: ${verdict(create !== null && create <= CREATE_TARGET_MS)}`);
    console.log(`no request before the first paint: ${verdict(runs.every((o) => o.firstRequest === null || o.firstRequest >= o.firstPaint))}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
