/**
 * Podcasts in Chromium against the real server and its conversion pipeline (FETCH_ALLOW_HOSTS lets
 * the local article server through): a podcast made end to end with its live progress, its audio
 * playing, the player's controls from the keyboard, the transcript, the download, and 'Your Podcasts'
 * on /profile, with screenshots kept under e2e-artifacts/screenshots/.
 *
 * The global server runs with billing off, so every member is Premium there. The free member's view
 * is shown by answering the two questions the web app asks (is billing on? who am I?) in the browser.
 */
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DOWNLOAD_MESSAGES } from '../shared/errors.ts';
import { STORAGE_KEYS } from '../shared/constants.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { NIGHT_TRAINS, serveArticlesDuringFile, TIDE_POOLS, type ArticlePage } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { pacedServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const SCREENSHOTS = 'e2e-artifacts/screenshots';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

/** Creates a podcast from an article through the home page's URL card; returns its card. */
async function createPodcast(page: Page, article: ArticlePage) {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  const card = page.locator('#url-input');
  await card.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${article.path}`);
  await card.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(card.getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  return recentPodcasts(page).first();
}

/** The card's link to the page the podcast was made from. */
const source = (card: Locator) => card.getByRole('link', { name: /opens in a new tab/ });

interface CachedPodcast {
  id: string;
  title: string;
  hasScript: boolean;
  progress: number;
  status: string;
  audioUrl: string | null;
}

async function cachedPodcasts(page: Page): Promise<CachedPodcast[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.podcastStorage);
  return raw ? (JSON.parse(raw) as { state: { podcasts: CachedPodcast[] } }).state.podcasts : [];
}

/** Answers as a server with billing on would for a member who has not paid. */
async function actAsFreeMember(page: Page, email: string) {
  await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({ json: { success: true, user: { name: null, email, isPremium: false } } }),
  );
}

test.describe('with a paced voice', () => {
  // The embedded voice can finish a short article before the page looks: this server's voice takes its
  // time, so the progress on the way can be seen.
  test.use({ baseURL: pacedServerDuringFile({ speechChunkDelayMs: 15 }) });

  test('a podcast made end to end: live progress to 100, audio that plays, the transcript, the download', async ({ page }) => {
    await page.goto('/');
    await signUp(page, 'listener');

    // Record every value the progress bar shows while the podcast converts.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (seen.at(-1) !== value) seen.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });

    const card = await createPodcast(page, TIDE_POOLS);
    // It plays by itself as soon as its first part is made, while the progress goes on to the end. It is
    // paused at once: left playing until the episode is complete, a short one could end before the pause.
    await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    // Still paused: nothing started it again while the episode was completed.
    await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(await card.locator('audio').evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.length, 'the progress bar showed at least one value on the way').toBeGreaterThan(0);
    // 0 while it waits for a job runner (a busy machine), then rising; the bar goes once it is ready.
    expect(seen.every((v) => v >= 0 && v < 100)).toBe(true);
    expect(seen.some((v) => v > 0), 'it moved while the podcast was made').toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    await expect(card.getByRole('button', { name: 'View Transcript' })).toBeEnabled();
    const [podcast] = await cachedPodcasts(page);
    expect(podcast).toMatchObject({ status: 'ready', progress: 100, hasScript: true });
    // The list keeps no script: it is read when the transcript opens.
    expect(podcast).not.toHaveProperty('content');
    expect(podcast!.audioUrl).toBeTruthy();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
    expect(title).toBe(podcast!.title);

    // The audio plays: the element's clock advances and the player's elapsed time follows.
    const audio = card.locator('audio');
    await expect(card.getByTestId('total')).not.toHaveText('0:00');
    await expect(card.getByTestId('total')).toHaveText(/^\d+:[0-5]\d$/);
    const pausedAt = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    await card.getByRole('button', { name: 'Play' }).click();
    await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(pausedAt + 1);
    await expect(card.getByTestId('elapsed')).not.toHaveText('0:00');
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    // The seek slider, from the keyboard.
    const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    const seek = card.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(before + 2);

    // Volume: 0 to 1 in steps of 0.1, and the mute toggle.
    const volume = card.getByRole('slider', { name: 'Volume' });
    await expect(volume).toHaveAttribute('min', '0');
    await expect(volume).toHaveAttribute('max', '1');
    await expect(volume).toHaveAttribute('step', '0.1');
    await volume.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.volume)).toBeCloseTo(0.8, 5);
    await card.getByRole('button', { name: 'Mute' }).press('Enter');
    expect(await audio.evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
    await expect(volume).toHaveValue('0');
    await card.getByRole('button', { name: 'Unmute' }).click();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.muted)).toBe(false);
    await expect(volume).toHaveValue('0.8');

    // The transcript: a modal titled Transcript, one paragraph per line of the script.
    const script = ((await (await page.request.get(`/api/podcasts/${podcast!.id}/script`)).json()) as { script: string }).script;
    const lines = script.split(/\r?\n/).filter((l) => l.trim());
    expect(lines.length).toBeGreaterThan(1);
    const viewTranscript = card.getByRole('button', { name: 'View Transcript' });
    await viewTranscript.click();
    const dialog = page.getByRole('dialog', { name: 'Transcript' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('p')).toHaveCount(lines.length + 1); // the podcast's title, then the script
    await expect(dialog.locator('p').nth(1)).toHaveText(lines[0]!.trim());
    await expect(dialog).toContainText(TIDE_POOLS.paragraphs[0]!.slice(0, 40));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(viewTranscript).toBeFocused();

    // The download: named after the title, an MP3, and 'Download started'.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}.mp3`);
    await expect(page.locator('[data-sonner-toast]', { hasText: DOWNLOAD_MESSAGES.started })).toBeVisible();
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.length).toBeGreaterThan(10_000);
    const isMp3 = bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    expect(isMp3).toBe(true);
  });
});

test("/profile lists 'Your Podcasts' in two columns, one on a phone; screenshots", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signUp(page, 'listener');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your Podcasts' })).toBeVisible();
  await expect(page.getByText('No podcasts created yet')).toBeVisible();

  await page.goto('/');
  await createPodcast(page, TIDE_POOLS);
  await page.locator('#url-input').getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${NIGHT_TRAINS.path}`);
  await page.locator('#url-input').getByRole('button', { name: 'Create Podcast' }).click();
  await expect(recentPodcasts(page)).toHaveCount(2);

  await page.getByRole('link', { name: /^listener-/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Your Podcasts' }) }).last();
  const cards = section.locator('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('No podcasts created yet')).toHaveCount(0);
  // Newest first; each card links to the page it was made from.
  await expect(source(cards.nth(0))).toHaveAttribute('href', `${articles.url}${NIGHT_TRAINS.path}`);
  await expect(source(cards.nth(1))).toHaveAttribute('href', `${articles.url}${TIDE_POOLS.path}`);
  // Each has its player (the one playing on home when the member left it plays on here).
  for (const card of await cards.all()) {
    await expect(card.getByRole('button', { name: /^(Play|Pause)$/ })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  }
  const [a, b] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-desktop.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  const [c, d] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(d!.y).toBeGreaterThan(c!.y + c!.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-phone.png`, fullPage: true });
});

test("a free member sees the 'Free' badge and 'Premium Feature' with 'Upgrade to Download', not Download", async ({ page }) => {
  await page.goto('/');
  const email = await signUp(page, 'listener');
  const made = await createPodcast(page, NIGHT_TRAINS);
  await expect(made.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(made.getByText('Free', { exact: true })).toHaveCount(0);

  await actAsFreeMember(page, email);
  await page.goto('/profile');
  await expect(page.getByText('Free Member')).toBeVisible();
  const card = page.locator('article').filter({ has: page.locator(`a[href="${articles.url}${NIGHT_TRAINS.path}"]`) });
  await expect(card.getByText('Free', { exact: true })).toBeVisible();
  await expect(card.getByText('Premium Feature')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'View Transcript' })).toBeVisible();
  // This server has billing off: hold the checkout so the register page stays put instead of
  // reporting that payments could not start and going home.
  await page.route('**/api/stripe/create-checkout', () => {});
  await card.getByRole('link', { name: 'Upgrade to Download' }).click();
  await expect(page).toHaveURL(/\/subscription\/register$/);
});

test('a podcast made before signing in moves into the new account', async ({ page }) => {
  const card = await createPodcast(page, TIDE_POOLS);
  await expect(source(card)).toHaveAttribute('href', `${articles.url}${TIDE_POOLS.path}`);
  await signUp(page, 'listener');
  await page.goto('/profile');
  const cards = page.locator('article');
  await expect(cards).toHaveCount(1);
  await expect(source(cards)).toHaveAttribute('href', `${articles.url}${TIDE_POOLS.path}`);
});
