/**
 * The Premium features in Chromium against the real server (billing off, so every member is
 * Premium): voices (a default on /profile, one per podcast on the URL card, re-voicing a ready
 * podcast), bookmarks, a shared link opened with no account and then revoked, the private feed
 * copied and fetched as RSS, resuming a half-played podcast after a reload (every member), and
 * deleting a podcast. The free member's view is shown by answering the web app's two questions (is
 * billing on? who am I?) in the browser.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import Parser from 'rss-parser';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { NIGHT_TRAINS, serveArticlesDuringFile, TIDE_POOLS, type ArticlePage } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

const justCreated = (page: Page) => recentPodcasts(page);

/** Creates a podcast through the URL card (with `voice` picked, if given); answers its card once it is ready. */
async function createReadyPodcast(page: Page, article: ArticlePage, voice?: string): Promise<Locator> {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${article.path}`);
  if (voice) await form.getByRole('combobox', { name: 'Voice' }).selectOption({ label: voice });
  const before = await justCreated(page).count();
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(form.getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(justCreated(page)).toHaveCount(before + 1);
  const card = justCreated(page).first();
  // It plays by itself from its first part on; once it is ready it is paused, so each test starts
  // from a player at rest.
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(card.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByRole('button', { name: 'Play' })).toBeVisible();
  return card;
}

const audioOf = (card: Locator) => card.locator('audio');
const currentTime = (card: Locator) => audioOf(card).evaluate((el: HTMLAudioElement) => el.currentTime);

/** The bytes of a card's finished MP3 (its player may still hold the stream it played while made). */
async function audioBytes(page: Page, card: Locator): Promise<Buffer> {
  const id = await card.getAttribute('data-podcast-id');
  const podcast = (await (await page.request.get(`/api/podcasts/${id}`)).json()) as { audioUrl: string | null };
  expect(podcast.audioUrl).toBeTruthy();
  const res = await page.request.get(podcast.audioUrl!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('audio/mpeg');
  return res.body();
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

test('voices: a default on /profile, another per podcast, and re-voicing a ready podcast; each voice a different file', async ({ page }) => {
  await signUp(page, 'premium');

  await page.goto('/profile');
  const defaultVoice = page.getByRole('combobox', { name: 'Voice for new podcasts' });
  await expect(defaultVoice).toBeEnabled();
  await defaultVoice.selectOption({ label: 'British English' });
  await page.getByRole('button', { name: 'Save voice' }).click();
  await expect(toast(page, 'New podcasts will use British English')).toBeVisible();
  // The choice is the server's: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Voice for new podcasts' })).toHaveValue('en-gb');

  // The URL card starts on the member's default voice.
  await page.goto('/');
  await expect(page.locator('#url-input').getByRole('combobox', { name: 'Voice' })).toHaveValue('en-gb');
  const british = await createReadyPodcast(page, TIDE_POOLS);
  await expect(british).toContainText('British English');
  const britishBytes = await audioBytes(page, british);

  const american = await createReadyPodcast(page, TIDE_POOLS, 'American English');
  await expect(american).toContainText('American English');
  const americanBytes = await audioBytes(page, american);
  expect(americanBytes.length).toBeGreaterThan(10_000);
  expect(americanBytes.equals(britishBytes), 'two voices, two different recordings').toBe(false);

  // Re-voice the British one: its progress shows again, then the new audio plays by itself.
  const first = justCreated(page).nth(1);
  const oldSrc = await audioOf(first).getAttribute('src');
  // Note whether the card shows its conversion again, however quickly the new audio is made.
  await first.evaluate((card) => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (card.textContent?.includes('Waiting to start') || card.querySelector('[role="progressbar"]')) w.sawProgress = true;
    }).observe(card, { subtree: true, childList: true, characterData: true });
  });
  await first.getByRole('button', { name: 'Change voice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change voice' });
  await expect(dialog.getByRole('combobox', { name: 'Voice' })).toHaveValue('en-gb');
  await dialog.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'Scottish English' });
  await dialog.getByRole('button', { name: 'Make new audio' }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
  await expect.poll(() => currentTime(first)).toBeGreaterThan(0.5);
  expect(await audioOf(first).getAttribute('src')).not.toBe(oldSrc);
  await expect(first.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
  await expect(first).toContainText('Scottish English');
  const scottishBytes = await audioBytes(page, first);
  expect(scottishBytes.equals(britishBytes)).toBe(false);
  expect(scottishBytes.equals(americanBytes)).toBe(false);
});

test('bookmarks: add one at the player position with a note, click it to jump there, delete it', async ({ page }) => {
  await signUp(page, 'premium');
  const card = await createReadyPodcast(page, NIGHT_TRAINS);
  const bookmarks = card.getByRole('region', { name: /Bookmarks/ });
  await expect(bookmarks.getByText('Mark a moment to come back to it later.')).toBeVisible();

  // Play a few seconds, pause, and mark the spot.
  await card.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => currentTime(card), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(3);
  await card.getByRole('button', { name: 'Pause' }).click();
  const at = Math.floor(await currentTime(card));
  const label = `0:${String(at).padStart(2, '0')}`;
  await bookmarks.getByRole('button', { name: 'Add bookmark' }).click();
  const note = bookmarks.getByRole('textbox', { name: `Note at ${label} (optional)` });
  await expect(note).toBeFocused();
  await note.fill('Sleeper carriages');
  await page.keyboard.press('Enter');
  await expect(toast(page, `Bookmark added at ${label}`)).toBeVisible();
  const item = bookmarks.getByRole('button', { name: `Go to ${label} Sleeper carriages` });
  await expect(item).toBeVisible();

  // Back to the start, then the bookmark takes the player to its moment.
  await card.getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('Home');
  await expect.poll(() => currentTime(card)).toBeLessThan(1);
  await item.click();
  await expect.poll(() => currentTime(card)).toBeGreaterThanOrEqual(at);
  await expect(card.getByTestId('elapsed')).toHaveText(label);

  // Stored on the server: /profile shows it too, and deleting it there removes it for good.
  await page.goto('/profile');
  const saved = page.locator('article').first().getByRole('region', { name: /Bookmarks/ });
  await expect(saved.getByRole('button', { name: `Go to ${label} Sleeper carriages` })).toBeVisible();
  await saved.getByRole('button', { name: `Delete bookmark at ${label}` }).click();
  await expect(toast(page, 'Bookmark deleted')).toBeVisible();
  await expect(saved.getByRole('listitem')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('article').first().getByText('Mark a moment to come back to it later.')).toBeVisible();
});

test('share: the link plays with no account, shows nothing of the owner, and stops working once revoked', async ({ page, browser }) => {
  const email = await signUp(page, 'premium');
  const card = await createReadyPodcast(page, TIDE_POOLS);
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();

  await card.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share podcast' });
  const field = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]{32}$/);
  const link = await field.inputValue();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(card.getByText('Shared', { exact: true })).toBeVisible();

  // A stranger: a fresh browser with no account.
  const stranger = await browser.newContext();
  try {
    const publicPage = await stranger.newPage();
    const opened = await publicPage.goto(link);
    // The HTML the server sends previews the link: its title in the Open Graph tags.
    expect(opened!.status()).toBe(200);
    await expect(publicPage.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(publicPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(publicPage.getByRole('heading', { name: 'Transcript' })).toBeVisible();
    await expect(publicPage.getByText(TIDE_POOLS.paragraphs[0]!.slice(0, 40))).toBeVisible();
    await expect(publicPage.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(publicPage.locator('body')).not.toContainText(email);
    await expect(publicPage.locator('body')).not.toContainText(email.split('@')[0]!);
    const player = publicPage.locator('audio');
    await publicPage.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => player.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0.5);
    await publicPage.getByRole('button', { name: 'Pause' }).click();
    expect(await seriousViolations(publicPage)).toEqual([]);

    // The owner stops sharing; the stranger's link now says so.
    await dialog.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(toast(page, 'Sharing stopped')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Shared', { exact: true })).toHaveCount(0);
    const gone = await publicPage.reload();
    expect(gone!.status()).toBe(404);
    await expect(publicPage.getByRole('heading', { name: 'This podcast is no longer shared' })).toBeVisible();
    await expect(publicPage.getByText(title)).toHaveCount(0);
    const token = link.split('/').pop()!;
    expect((await stranger.request.get(`/api/shared/${token}`)).status()).toBe(404);
  } finally {
    await stranger.close();
  }
});

test('the private feed: copy the address, fetch valid RSS with the podcast in it, rotate the address', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, 'premium');
  const card = await createReadyPodcast(page, NIGHT_TRAINS);
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();

  await page.goto('/profile');
  const feed = page.getByRole('region', { name: 'Your private podcast feed' });
  await expect(feed).toContainText('Paste this address into your podcast app');
  const address = feed.getByRole('textbox', { name: 'Feed address' });
  await expect(address).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/feed\/[A-Za-z0-9_-]{32}\/rss\.xml$/);
  await feed.getByRole('button', { name: 'Copy feed address' }).click();
  await expect(toast(page, 'Feed address copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());

  // What a podcast app gets at that address, with no session.
  const res = await request.get(copied);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  const rss = await new Parser().parseString(await res.text());
  expect(rss.items).toHaveLength(1);
  expect(rss.items[0]!.title).toBe(title);
  expect(rss.items[0]!.enclosure?.type).toBe('audio/mpeg');
  const episode = await request.get(rss.items[0]!.enclosure!.url);
  expect(episode.status()).toBe(200);
  expect((await episode.body()).length).toBe(Number(rss.items[0]!.enclosure!.length));

  // Rotating asks first, then locks the old address out.
  await feed.getByRole('button', { name: 'Rotate address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate feed address?' });
  await confirm.getByRole('button', { name: 'Rotate address' }).click();
  await expect(confirm).toBeHidden();
  await expect(address).not.toHaveValue(copied);
  expect((await request.get(copied)).status()).toBe(404);
  expect((await request.get(await address.inputValue())).status()).toBe(200);
});

test('resume: a half-played podcast offers to resume after a reload, then a podcast is deleted', async ({ page }) => {
  await signUp(page, 'premium');
  const card = await createReadyPodcast(page, TIDE_POOLS);

  // Play, jump to the middle, listen a moment and pause.
  await card.getByRole('button', { name: 'Play' }).click();
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  await audioOf(card).evaluate((el: HTMLAudioElement) => (el.currentTime = el.duration / 2));
  await expect.poll(() => currentTime(card)).toBeGreaterThan(5);
  await card.getByRole('button', { name: 'Pause' }).click();
  const pausedAt = await currentTime(card);
  // The server has where the player stopped (to the second).
  const serverPosition = async () => {
    const { podcasts } = (await (await page.request.get('/api/podcasts')).json()) as { podcasts: Array<{ positionSeconds: number | null }> };
    return podcasts[0]?.positionSeconds ?? 0;
  };
  await expect.poll(async () => Math.abs((await serverPosition()) - pausedAt)).toBeLessThan(1);
  const half = Math.floor(await serverPosition());
  const label = `${Math.floor(half / 60)}:${String(half % 60).padStart(2, '0')}`;

  // A new page load: the offer comes from what the server kept.
  await page.goto('/profile');
  const listed = page.locator('article').first();
  await listed.getByRole('button', { name: `Resume from ${label}` }).click();
  await expect(listed.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => currentTime(listed)).toBeGreaterThanOrEqual(half);
  await expect(listed.getByRole('button', { name: /^Resume from/ })).toHaveCount(0);
  await listed.getByRole('button', { name: 'Pause' }).click();

  // Delete asks first; then the podcast is gone from the list and from the server.
  await listed.getByRole('button', { name: 'Delete podcast' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete podcast?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('article')).toHaveCount(1);
  await listed.getByRole('button', { name: 'Delete podcast' }).click();
  await confirm.getByRole('button', { name: 'Delete podcast' }).click();
  await expect(toast(page, 'Podcast deleted')).toBeVisible();
  await expect(page.getByText('No podcasts created yet')).toBeVisible();
  const list = (await (await page.request.get('/api/podcasts')).json()) as { podcasts: unknown[] };
  expect(list.podcasts).toEqual([]);
});

test('a free member sees voices and the private feed as Premium features, with no picker', async ({ page }) => {
  const email = await signUp(page, 'premium');
  await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
  await page.route('**/api/auth/me', (route) => route.fulfill({ json: { success: true, user: { name: null, email, isPremium: false } } }));

  await page.goto('/');
  const form = page.locator('#url-input');
  await expect(form.getByRole('link', { name: 'Upgrade to choose a voice' })).toHaveAttribute('href', '/subscription/register');
  await expect(form.getByRole('combobox')).toHaveCount(0);

  await page.goto('/profile');
  await expect(page.getByText('Free Member')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Default voice' })).toContainText('Upgrade to Premium to choose from');
  await expect(page.getByRole('combobox', { name: 'Voice for new podcasts' })).toHaveCount(0);
  const feed = page.getByRole('region', { name: 'Your private podcast feed' });
  await expect(feed).toContainText('Upgrade to Premium to get your private feed.');
  await expect(feed.getByRole('textbox')).toHaveCount(0);
});
