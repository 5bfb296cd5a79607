/**
 * The first hour, third round, in Chromium against a real server whose AI refuses its key (HTTP 401):
 * a Brief's card says the AI refused the key as soon as it is ready, and the same after a reload;
 * /profile's default mode shows the server's default chosen and Save enables on a change; the player's
 * keyboard shortcuts open above the sticky header; an IP address with a port and no scheme makes a
 * podcast; and on the main server the follows page's "Check now" checks the feed at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTICLE_PORT, E2E_BASE_URL, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { refusedKeyServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { QUIET_FEED_PATH, QUIET_FEED_TITLE, serveArticlesDuringFile, TIDE_POOLS } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
const refusing = refusedKeyServerDuringFile();
const REFUSED = "The AI refused this server's API key: read from the article";

test.use({ viewport: { width: 1280, height: 800 } });

const urlCard = (page: Page) => page.locator('#url-input');

test.describe('with an AI that refuses the key', () => {
  test.use({ baseURL: refusing });

  test("a Brief's card says the key was refused, live and after a reload; an IP address without a scheme is taken", async ({ page }) => {
    await signUp(page, 'refused-key');
    await page.goto('/');
    await urlCard(page).getByRole('group', { name: 'Mode' }).getByRole('radio', { name: 'Brief' }).check();
    // Typed as a browser's address bar takes it: an IP address, its port and a path.
    await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`127.0.0.1:${ARTICLE_PORT}${TIDE_POOLS.path}`);
    await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
    await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
    const card = recentPodcasts(page).first();
    await expect(card.getByTestId('how-made')).toHaveText(REFUSED, { timeout: E2E_SAFETY_NET_MS });
    await page.reload();
    await expect(recentPodcasts(page).first().getByTestId('how-made')).toHaveText(REFUSED);
  });

  test("/profile's default mode shows the server's default chosen, Save enables on a change; the shortcuts open above the header", async ({ page }) => {
    await signUp(page, 'default-mode');
    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Default mode' });
    const save = panel.getByRole('button', { name: 'Save default' });
    // With an AI configured the server tells new podcasts as Podcast: chosen, nothing to save yet.
    await expect(panel.getByRole('radio', { name: 'Podcast' })).toBeChecked();
    await expect(save).toBeDisabled();
    await panel.getByRole('radio', { name: 'Brief' }).check();
    await expect(save).toBeEnabled();

    // A podcast's player, scrolled up under the sticky header: its shortcuts show above the header.
    await page.goto('/');
    await urlCard(page).getByRole('group', { name: 'Mode' }).getByRole('radio', { name: 'Read' }).check();
    await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${TIDE_POOLS.path}`);
    await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
    const card = recentPodcasts(page).first();
    const help = card.getByRole('button', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
    const header = await page.locator('header').first().boundingBox();
    const box = (await help.boundingBox())!;
    await page.mouse.wheel(0, box.y - header!.height - box.height - 4);
    await expect.poll(async () => (await help.boundingBox())!.y).toBeLessThan(header!.height + 60);
    await help.hover();
    const tooltip = page.locator(`[id="${await help.getAttribute('aria-describedby')}"]`);
    await expect(tooltip).toBeVisible();
    const tip = (await tooltip.boundingBox())!;
    // The point of the tooltip inside the header's band is the tooltip's, not the header's.
    const onTop = await page.evaluate(
      ({ x, y, id }) => {
        // The tooltip lets clicks through; hit-testing it needs it to take them for the moment.
        const tip = document.getElementById(id)!;
        tip.style.pointerEvents = 'auto';
        const hit = document.elementFromPoint(x, y)?.closest(`[id="${id}"]`) !== null;
        tip.style.pointerEvents = '';
        return hit;
      },
      { x: tip.x + tip.width / 2, y: Math.max(tip.y + tip.height - 4, 4), id: (await help.getAttribute('aria-describedby'))! },
    );
    expect(onTop).toBe(true);
  });
});

test('the follows page checks a follow now', async ({ page }) => {
  await signUp(page, 'check-now');
  await page.goto(`${E2E_BASE_URL}/follows`);
  await page.getByLabel('Site or feed address').fill(`${articles.url}${QUIET_FEED_PATH}`);
  await page.getByRole('button', { name: 'Follow' }).click();
  const row = page.getByRole('listitem', { name: QUIET_FEED_TITLE });
  await expect(row).toBeVisible();
  const lastChecked = async () =>
    ((await (await page.request.get(`${E2E_BASE_URL}/api/follows`)).json()) as { follows: { lastCheckedAt: string | null }[] }).follows[0]?.lastCheckedAt ?? null;
  await expect.poll(lastChecked, { timeout: E2E_SAFETY_NET_MS }).not.toBeNull();
  const before = await lastChecked();
  const check = row.getByRole('button', { name: `Check ${QUIET_FEED_TITLE} now` });
  const answered = page.waitForResponse((r) => r.url().endsWith('/check') && r.request().method() === 'POST');
  await check.click();
  expect((await answered).status()).toBe(202);
  // The feed is fetched at once, not at the next interval: the last check moves and the button comes back.
  await expect.poll(lastChecked, { timeout: E2E_SAFETY_NET_MS }).not.toBe(before);
  await expect(check).toHaveText('Check now');
  await expect(check).toBeEnabled();
});
