/**
 * Read-along, speed and modes in the browser extension (built, loaded into Chromium, against the real
 * server with its embedded voice): a member whose speed was set through the API signs in to the popup,
 * chooses Read on an article's tab and creates it; the podcast is made in read mode, the offscreen
 * player plays it at the member's speed with its pitch kept, and the article's own tab highlights the
 * paragraph being read as playback advances, leaving the page's DOM as it was; a click on a later
 * paragraph plays from there; Stop removes every highlight and listener.
 *
 * The offscreen document is no page Playwright hands out, so its element is read through the Chrome
 * DevTools Protocol (Target.attachToTarget, then Runtime.evaluate in it). The highlight is a CSS
 * Custom Highlight, which the page's own script sees in `CSS.highlights`.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ARTICLE_PORT, E2E_BASE_URL, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { TIDE_POOLS, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { expect, setServerAddress, test } from './fixtures/extension.ts';
import { offscreenDocument } from './fixtures/offscreen.ts';
import { PASSWORD, newEmail } from './fixtures/members.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

const AUDIO = `(() => {
  const audio = document.querySelector('#player');
  return { time: audio.currentTime, paused: audio.paused, rate: audio.playbackRate, preservesPitch: audio.preservesPitch };
})()`;

/** What the article's tab highlights: the text of each range of Pagecast's highlight. */
function highlighted(article: Page): Promise<string[]> {
  return article.evaluate(() => {
    const highlight = CSS.highlights.get('pagecast-reading');
    return highlight ? [...highlight].map((range) => range.toString().replace(/\s+/g, ' ').trim()) : [];
  });
}

async function register(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${E2E_BASE_URL}/api/auth/register`, { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test('Read chosen in the popup: made in read mode, played at the member speed, read along on the article tab, Stop removes every highlight', async ({
  context,
  extensionId,
  request,
}) => {
  // The member's speed, set where the web app sets it.
  const email = newEmail('read-along');
  const token = await register(request, email);
  const saved = await request.patch(`${E2E_BASE_URL}/api/auth/me/preferences`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { playbackRate: 1.5 },
  });
  expect(saved.ok()).toBe(true);

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await setServerAddress(popup, E2E_BASE_URL);
  await popup.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(PASSWORD);
  await popup.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(popup.getByRole('button', { name: /^Account:/ })).toBeVisible();

  const article = await context.newPage();
  await article.goto(`${articles.url}${TIDE_POOLS.path}`);
  await article.bringToFront();
  const pageBefore = await article.evaluate(() => document.documentElement.outerHTML);
  await expect(popup.locator('.page-title')).toHaveText(`${TIDE_POOLS.title} | The Coastal Review`);

  // Read mode: the estimate is the article's words at the voice's rate.
  await popup.getByRole('radio', { name: 'Read' }).check();
  await expect(popup.getByText(/^Estimated length: (about \d+ min|under a minute) \(\d+ words\)$/)).toBeVisible();
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();

  // The mode chosen reached the podcast.
  await expect
    .poll(async () => {
      const res = await request.get(`${E2E_BASE_URL}/api/podcasts`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { podcasts: { mode: string }[] }).podcasts.map((p) => p.mode);
    })
    .toEqual(['read']);

  // It plays by itself, at the member's speed, pitch kept.
  const player = popup.getByRole('region', { name: 'Now playing' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(player.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1.5');
  const evaluate = await offscreenDocument(popup);
  const audio = () => evaluate<{ time: number; paused: boolean; rate: number; preservesPitch: boolean }>(AUDIO);
  await expect.poll(async () => (await audio()).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(0.5);
  expect(await audio()).toMatchObject({ rate: 1.5, preservesPitch: true, paused: false });

  // The article's tab highlights the paragraph being read, one after another as playback moves on.
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const [text] = await highlighted(article);
        const index = TIDE_POOLS.paragraphs.indexOf(text ?? '');
        if (index >= 0 && seen.at(-1) !== index) seen.push(index);
        return seen.length;
      },
      { timeout: E2E_SAFETY_NET_MS, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(2);
  expect(seen, 'paragraphs highlighted in reading order').toEqual([...seen].sort((a, b) => a - b));
  expect(await highlighted(article)).toHaveLength(1);
  // Nothing else on the page changed: its DOM is as it was.
  expect(await article.evaluate(() => document.documentElement.outerHTML)).toBe(pageBefore);

  // A click on the last paragraph plays from there: it is highlighted, and the player jumps ahead.
  // (Once the podcast is whole: a paragraph not made yet cannot be played.)
  await expect
    .poll(async () => {
      const res = await request.get(`${E2E_BASE_URL}/api/podcasts`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { podcasts: { status: string }[] }).podcasts[0]?.status;
    }, { timeout: E2E_SAFETY_NET_MS })
    .toBe('ready');
  const before = (await audio()).time;
  await article.getByText(TIDE_POOLS.paragraphs.at(-1)!).click();
  await expect.poll(async () => (await highlighted(article))[0]).toBe(TIDE_POOLS.paragraphs.at(-1));
  expect((await audio()).time).toBeGreaterThan(before + 5);

  // Stop: every highlight goes, and a click on the page no longer plays anything.
  await popup.bringToFront();
  await player.getByRole('button', { name: 'Stop' }).click();
  await expect(player).toHaveCount(0);
  await expect.poll(() => article.evaluate(() => CSS.highlights.size)).toBe(0);
  await article.getByText(TIDE_POOLS.paragraphs[1]!).click();
  await popup.waitForTimeout(500);
  await expect(popup.getByRole('region', { name: 'Now playing' })).toHaveCount(0);
  expect(await highlighted(article)).toEqual([]);
  expect(await article.evaluate(() => document.documentElement.outerHTML)).toBe(pageBefore);
});
