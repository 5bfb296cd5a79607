/**
 * The extension's tray, built and loaded into Chromium, against the real server and local article
 * pages: "Add this page" on two tabs gathers them (the tray outlives the popup), a page is removed
 * and added again, and "Make one episode" makes one podcast of both, a chapter per page, which the
 * popup's player steps through.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ARTICLE_PORT, E2E_BASE_URL, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import type { Transcript } from '../shared/api/transcript.ts';
import { NIGHT_TRAINS, PDF_PATH, REPORT, serveArticlesDuringFile, TIDE_POOLS, type ArticlePage } from './fixtures/article-server.ts';
import { expect, setServerAddress, test } from './fixtures/extension.ts';
import { newEmail, PASSWORD } from './fixtures/members.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Pagecast', exact: true })).toBeVisible();
  return popup;
}

/** The popup follows the active tab: bring the article forward, then act in the popup. */
async function focusArticle(popup: Page, page: Page, article: ArticlePage | { title: string }) {
  await page.bringToFront();
  await expect(popup.locator('.page-title')).toHaveText('path' in article ? `${article.title} | The Coastal Review` : article.title);
}

/** A member signed in to the popup, reading in read mode. */
async function signedInPopup(context: BrowserContext, extensionId: string, email: string): Promise<Page> {
  const popup = await openPopup(context, extensionId);
  await setServerAddress(popup, E2E_BASE_URL);
  await popup.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(PASSWORD);
  await popup.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(popup.getByRole('button', { name: /^Account: / })).toBeVisible();
  await popup.getByRole('radio', { name: 'Read' }).check();
  return popup;
}

test("the tray gathers two tabs, outlives the popup, and makes one episode of them with a chapter each", async ({ context, extensionId, request }) => {
  const email = newEmail('tray');
  const registered = await request.post(`${E2E_BASE_URL}/api/auth/register`, { data: { email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const token = ((await registered.json()) as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };

  const popup = await signedInPopup(context, extensionId, email);

  const tides = await context.newPage();
  await tides.goto(`${articles.url}${TIDE_POOLS.path}`);
  await focusArticle(popup, tides, TIDE_POOLS);
  await popup.getByRole('button', { name: 'Add this page' }).click();
  const tray = popup.getByRole('region', { name: 'Tray' });
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  await expect(tray.getByRole('listitem').first()).toContainText(TIDE_POOLS.title);
  await expect(popup.getByRole('button', { name: 'In the tray' })).toBeDisabled();
  await expect(tray.getByRole('button', { name: 'Make one episode' })).toBeDisabled();

  // The popup closes (as it does when the reader clicks into a page); the tray stays.
  await popup.close();
  const trains = await context.newPage();
  await trains.goto(`${articles.url}${NIGHT_TRAINS.path}`);
  const reopened = await openPopup(context, extensionId);
  await focusArticle(reopened, trains, NIGHT_TRAINS);
  const trayAgain = reopened.getByRole('region', { name: 'Tray' });
  await expect(trayAgain.getByRole('listitem')).toHaveCount(1);
  await reopened.getByRole('button', { name: 'Add this page' }).click();
  await expect(trayAgain.getByRole('listitem')).toHaveCount(2);
  await expect(trayAgain.getByText('2 of 10 pages')).toBeVisible();

  // A page removed by its button leaves the tray, and can be added again.
  await trayAgain.getByRole('button', { name: `Remove ${NIGHT_TRAINS.title} from the tray` }).click();
  await expect(trayAgain.getByRole('listitem')).toHaveCount(1);
  await reopened.getByRole('button', { name: 'Add this page' }).click();
  await expect(trayAgain.getByRole('listitem')).toHaveText([new RegExp(TIDE_POOLS.title), new RegExp(NIGHT_TRAINS.title)]);

  // Before Make, the episode's length: both pages' words, at the voice's rate (read mode: no AI here).
  const rows = await trayAgain.getByRole('listitem').allTextContents();
  const words = rows.map((row) => Number(/([\d,]+) words/.exec(row)![1]!.replace(/,/g, ''))).reduce((a, b) => a + b, 0);
  await expect(trayAgain.getByText(/^Estimated length: /)).toHaveText(new RegExp(`^Estimated length: (about \\d+ min|under a minute) \\(${words.toLocaleString('en')} words\\)$`));

  await trayAgain.getByRole('button', { name: 'Make one episode' }).click();
  const card = reopened.getByRole('region', { name: 'New podcast' });
  await expect(card.getByText('From your tray')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Podcast progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: E2E_SAFETY_NET_MS });
  // Sent: the tray is empty again.
  await expect(trayAgain).toHaveCount(0);

  // One podcast of both pages, a chapter each, in the order they were added.
  const list = await request.get(`${E2E_BASE_URL}/api/podcasts`, { headers: auth });
  const podcasts = ((await list.json()) as { podcasts: { id: string; status: string; mode: string; sources: { url: string; title: string }[] | null }[] }).podcasts;
  expect(podcasts).toHaveLength(1);
  const [podcast] = podcasts;
  expect(podcast).toMatchObject({ status: 'ready', mode: 'read' });
  expect(podcast!.sources?.map((s) => s.url)).toEqual([TIDE_POOLS, NIGHT_TRAINS].map((a) => `${articles.url}${a.path}`));
  const transcript = (await (await request.get(`${E2E_BASE_URL}/api/podcasts/${podcast!.id}/transcript.json`, { headers: auth })).json()) as Transcript;
  expect(transcript.chapters.map((c) => c.title)).toEqual([TIDE_POOLS.title, NIGHT_TRAINS.title]);
  const spoken = transcript.cues.map((c) => c.text).join(' ');
  expect(spoken).toContain(TIDE_POOLS.paragraphs[1]!.slice(0, 60));
  expect(spoken).toContain(NIGHT_TRAINS.paragraphs[1]!.slice(0, 60));

  // It played by itself; the popup's player names the chapter and steps to the next.
  const player = reopened.getByRole('region', { name: 'Now playing' });
  await expect(player.locator('.chapter-name')).toHaveText(TIDE_POOLS.title);
  await player.getByRole('button', { name: 'Next chapter' }).click();
  await expect(player.locator('.chapter-name')).toHaveText(NIGHT_TRAINS.title);
});

test('a PDF tab in the tray is counted by the server for the episode’s estimate', async ({ context, extensionId, request }) => {
  const email = newEmail('tray-pdf');
  const registered = await request.post(`${E2E_BASE_URL}/api/auth/register`, { data: { email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  // The server's own count of the PDF's words, asked apart first (the tray's own count is then the only upload).
  const counted = await request.post(`${E2E_BASE_URL}/api/podcasts/estimate`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      request: JSON.stringify({ file: { part: 'file0' }, mode: 'read' }),
      file0: { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(REPORT.pdf) },
    },
  });
  expect(counted.status()).toBe(200);
  const pdfWords = ((await counted.json()) as { words: number }).words;
  const popup = await signedInPopup(context, extensionId, email);
  const tray = popup.getByRole('region', { name: 'Tray' });

  const tides = await context.newPage();
  await tides.goto(`${articles.url}${TIDE_POOLS.path}`);
  await focusArticle(popup, tides, TIDE_POOLS);
  await popup.getByRole('button', { name: 'Add this page' }).click();
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  const tideWords = Number(/([\d,]+) words/.exec((await tray.getByRole('listitem').textContent())!)![1]!.replace(/,/g, ''));

  const pdf = await context.newPage();
  await pdf.goto(`${articles.url}${PDF_PATH}`);
  await focusArticle(popup, pdf, { title: 'report.pdf' });
  await popup.getByRole('button', { name: 'Add this page' }).click();
  await expect(tray.getByRole('listitem')).toHaveCount(2);
  await expect(tray.getByRole('listitem').nth(1)).toContainText('PDF');

  const words = (tideWords + pdfWords).toLocaleString('en');
  // The PDF is counted on the server, which reads it in a worker: on a loaded machine that takes seconds.
  await expect(tray.getByText(/^Estimated length: /)).toHaveText(new RegExp(`^Estimated length: (about \\d+ min|under a minute) \\(${words} words\\)$`), {
    timeout: E2E_SAFETY_NET_MS,
  });
});
