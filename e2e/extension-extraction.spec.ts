/**
 * The extension's extraction on real pages: a few of the article-extraction-benchmark's news pages
 * (shared/corpora/aeb) opened in Chromium with the built extension, read by its own injected script
 * (read-page.js, as on the reader's click), and scored against the hand-labelled body beside the
 * server's extraction of the same HTML. The page is served at a local address the extension may read;
 * every other request (the page's scripts, images, ads) is refused, so nothing leaves the machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ARTICLE_BASE_URL } from '../playwright.config.ts';
import { extractArticle } from '../server/machinery/extract/extract-article.ts';
import { wordF1 } from '../server/machinery/extract/word-f1.ts';
import { expect, test } from './fixtures/extension.ts';

const AEB = path.resolve(import.meta.dirname, '..', '..', 'shared', 'corpora', 'aeb');
const truth: Record<string, { articleBody: string; url: string }> = fs.existsSync(AEB)
  ? JSON.parse(fs.readFileSync(path.join(AEB, 'ground-truth.json'), 'utf8'))
  : {};

/** Pages with boilerplate Readability alone keeps: related stories, caption credits, promo links. */
const PAGES = [
  '680c2848',
  '7dfc3e35',
  '2f42ef1d',
  'c7e39ac4',
  '8b194530',
].map((prefix) => Object.keys(truth).find((id) => id.startsWith(prefix)) ?? prefix);

/** The extension APIs the service worker calls here (the worker's own global). */
declare const chrome: {
  tabs: { query(filter: { url: string }): Promise<{ id?: number }[]> };
  scripting: { executeScript(injection: { target: { tabId: number }; files: string[] }): Promise<{ result?: unknown }[]> };
};

type ReadResult = { ok: true; value: { title: string; text: string; sourceUrl: string } } | { ok: false };

for (const id of PAGES) {
  test(`the extension reads aeb page ${id.slice(0, 8)} as well as the server does`, async ({ context, serviceWorker }) => {
    expect(truth[id], `ground truth for ${id} in ${AEB}`).toBeDefined();
    const { articleBody, url } = truth[id]!;
    const html = fs.readFileSync(path.join(AEB, 'html', `${id}.html`), 'utf8');
    const address = `${ARTICLE_BASE_URL}/corpus/${id}.html`;

    const page = await context.newPage();
    await page.route('**/*', (route) =>
      route.request().url() === address
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
        : route.abort(),
    );
    await page.goto(address, { waitUntil: 'domcontentloaded' });

    const read = (await serviceWorker.evaluate(async (tabUrl) => {
      const [tab] = await chrome.tabs.query({ url: tabUrl });
      const [injection] = await chrome.scripting.executeScript({ target: { tabId: tab!.id! }, files: ['/read-page.js'] });
      return injection?.result;
    }, address)) as ReadResult;

    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.sourceUrl).toBe(address);
    const inBrowser = wordF1(read.value.text, articleBody);
    const onServer = wordF1(extractArticle(html, url).text, articleBody);
    expect(onServer).toBeGreaterThan(0.95);
    // The browser parses the page itself (and its own way), so allow a hair of difference.
    expect(inBrowser).toBeGreaterThanOrEqual(onServer - 0.01);
    await page.close();
  });
}
