/**
 * Largest Contentful Paint of the web app's home page (/) in Debian's Chromium, on a real server
 * (npm start's compiled server, embedded defaults), a first visit each time (a new browser context,
 * nothing cached), read with a PerformanceObserver once the page is idle. Beside it: the JavaScript
 * and CSS the page downloaded by then (gzipped sizes of the built files), first paint included and
 * everything it asks for after. Median of RUNS visits after one warm-up visit.
 *
 *   npm run bench -- webapp-lcp
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import { machineNote, median, table, verdict } from './support/report.ts';
import { startServer } from './support/server.ts';
import { gzipSize, kib, WEBAPP_DIST } from './support/webapp-assets.ts';

const RUNS = 7;
const TARGET_MS = 1_000;

/** Plain JavaScript run in the page before its own: the LCP entries as they come. */
const OBSERVE_LCP = `(() => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp.push({ time: e.startTime, tag: e.element ? e.element.tagName : null, text: e.element ? (e.element.textContent || '').slice(0, 40) : null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

interface Visit {
  lcp: number;
  element: string;
  fcp: number;
  downloaded: number;
}

export default async function webappLcp(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const visit = async (): Promise<Visit> => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: OBSERVE_LCP });
      const page = await context.newPage();
      const assets: string[] = [];
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.origin === server.base && /^\/assets\/.+\.(js|css)$/.test(url.pathname)) assets.push(url.pathname.slice(1));
      });
      await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const { entries, fcp } = await page.evaluate(() => ({
        entries: (globalThis as unknown as { __lcp: { time: number; tag: string | null; text: string | null }[] }).__lcp,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      }));
      await context.close();
      const last = entries.at(-1);
      return {
        lcp: last?.time ?? NaN,
        element: last ? `${last.tag?.toLowerCase()} "${last.text?.trim()}"` : '—',
        fcp,
        downloaded: [...new Set(assets)].reduce((sum, f) => sum + gzipSize(f, WEBAPP_DIST), 0),
      };
    };
    await visit();
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i += 1) visits.push(await visit());
    // A visit whose page reported no paint entry (it can happen on a starved machine) is left out.
    const measured = visits.filter((v) => Number.isFinite(v.lcp) && Number.isFinite(v.fcp));
    const lcp = measured.length ? median(measured.map((v) => v.lcp)) : NaN;
    const ms = (n: number) => `${Math.round(n)} ms`;
    const row = (name: string, pick: (v: Visit) => number) => {
      const values = measured.map(pick);
      return [name, ms(median(values)), ms(Math.min(...values)), ms(Math.max(...values))];
    };
    console.log(machineNote());
    for (const line of table(['home (/), first visit', 'median', 'min', 'max'], [row('first contentful paint', (v) => v.fcp), row('largest contentful paint', (v) => v.lcp)]))
      console.log(line);
    console.log(`${measured.length} of ${visits.length} visits reported their paints`);
    console.log(`LCP element: ${visits.at(-1)!.element}`);
    console.log(`JavaScript and CSS downloaded by the idle page: ${kib(median(visits.map((v) => v.downloaded))).toFixed(1)} KiB gzipped (${path.relative(process.cwd(), WEBAPP_DIST)})`);
    console.log(`LCP ≤ ${TARGET_MS} ms: ${verdict(lcp <= TARGET_MS)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
