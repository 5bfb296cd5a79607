/**
 * Read along and the player in Chromium against the real server: the highlighted sentence follows
 * the audio's clock, its paragraphs are the article's, a click on a sentence plays from there (pausing
 * the other card), the speed survives a reload (kept for the
 * member), the keyboard shortcuts work, and a queued podcast starts when the one playing ends, which
 * is marked played.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANONYMOUS_TOKEN_HEADER, STORAGE_KEYS } from '../shared/constants.ts';
import type { Transcript } from '../shared/api/transcript.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { NIGHT_TRAINS, serveArticlesDuringFile, TIDE_POOLS, type ArticlePage } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

/** Makes a podcast on the home page and waits until it is complete; its autoplay is paused. */
async function makePodcast(page: Page, article: ArticlePage): Promise<string> {
  await page.goto('/');
  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${article.path}`);
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  const card = recentPodcasts(page).first();
  await expect(card.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await card.locator('audio').evaluate((el: HTMLAudioElement) => el.pause());
  await expect(card.getByRole('progressbar')).toHaveCount(0, { timeout: E2E_SAFETY_NET_MS });
  return (await card.getAttribute('data-podcast-id'))!;
}

/** The podcast's timed transcript as the server answers it, asked with this browser's identity. */
async function transcriptOf(page: Page, id: string): Promise<Transcript> {
  return page.evaluate(
    async ({ id, header, tokenKey }) => {
      const headers: Record<string, string> = { [header]: localStorage.getItem('pagecast-anonymous-token') ?? '' };
      const token = localStorage.getItem(tokenKey);
      if (token) headers.Authorization = `Bearer ${token}`;
      return (await fetch(`/api/podcasts/${id}/transcript.json`, { headers })).json();
    },
    { id, header: ANONYMOUS_TOKEN_HEADER, tokenKey: STORAGE_KEYS.authToken },
  );
}

const clock = (card: Locator) => card.locator('audio').evaluate((el: HTMLAudioElement) => el.currentTime);
const setClock = (card: Locator, seconds: number) =>
  card.locator('audio').evaluate((el: HTMLAudioElement, s) => {
    el.currentTime = s;
  }, seconds);

test('read along, speed, shortcuts and the queue', async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'reader');
  const first = await makePodcast(page, TIDE_POOLS);
  const second = await makePodcast(page, NIGHT_TRAINS);

  await page.goto('/profile');
  const cardOf = (id: string) => page.locator(`article[data-podcast-id="${id}"]`);
  const card = cardOf(first);
  await expect(card.locator('audio')).toHaveCount(1);

  await test.step('the highlighted sentence follows the audio, and a click on a sentence plays from there', async () => {
    const transcript = await transcriptOf(page, first);
    expect(transcript.complete).toBe(true);
    expect(transcript.cues.length).toBeGreaterThan(4);
    await card.getByRole('button', { name: 'Read along' }).click();
    const readAlong = card.getByTestId('read-along');
    const current = readAlong.locator('[aria-current="true"]');
    await expect(readAlong.getByRole('button')).toHaveCount(transcript.cues.length);

    for (const cue of [transcript.cues[2]!, transcript.cues[4]!, transcript.cues[1]!]) {
      await setClock(card, cue.startMs / 1000 + 0.05);
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(cue.text);
    }

    // The blocks are the article's paragraphs, each whole, however many sentences it has.
    const blocks = await readAlong.locator('p[data-paragraph]').evaluateAll((ps) => ps.map((p) => (p.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(blocks).toEqual(expect.arrayContaining(TIDE_POOLS.paragraphs));

    // A click on a sentence of the paused podcast plays from there, and pauses the other card playing.
    const other = cardOf(second);
    await other.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(other.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const target = transcript.cues[3]!;
    await readAlong.getByRole('button', { name: new RegExp(`^${escape(target.text)}`) }).click();
    await expect(card.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect.poll(() => clock(card)).toBeGreaterThan(target.startMs / 1000);
    expect(await clock(card)).toBeLessThan(target.endMs / 1000 + 5);
    await card.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  await test.step('the speed (a control named speed, pitch kept) survives a reload', async () => {
    const speed = card.getByRole('combobox', { name: /speed/i });
    await speed.selectOption('1.5');
    expect(await card.locator('audio').evaluate((el: HTMLAudioElement) => [el.playbackRate, el.preservesPitch])).toEqual([1.5, true]);
    await page.reload();
    await expect(cardOf(first).getByRole('combobox', { name: /speed/i })).toHaveValue('1.5');
    await expect.poll(() => cardOf(first).locator('audio').evaluate((el: HTMLAudioElement) => el.playbackRate)).toBe(1.5);
    // Kept for the member: the server has it.
    const me = await page.evaluate(async (tokenKey) => {
      const res = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem(tokenKey)}` } });
      return ((await res.json()) as { user: { playbackRate?: number | null } }).user.playbackRate;
    }, STORAGE_KEYS.authToken);
    expect(me).toBe(1.5);
  });

  await test.step('keyboard shortcuts: K plays and pauses, J and L skip, the arrows step, Shift+< and > change the speed', async () => {
    const player = cardOf(first);
    await expect(player.getByRole('button', { name: 'Keyboard shortcuts' })).toHaveAccessibleDescription(/Space or K.*J \/ L.*Shift\+</);
    // The keys go to the player touched last; the focus stays on the page.
    await player.getByTestId('elapsed').click();
    await setClock(player, 20);
    await page.keyboard.press('k');
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await page.keyboard.press('k');
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const at = await clock(player);
    await page.keyboard.press('j');
    await expect.poll(() => clock(player)).toBeCloseTo(at - 15, 0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => clock(player)).toBeCloseTo(at - 10, 0);
    await page.keyboard.press('l');
    await expect.poll(() => clock(player)).toBeCloseTo(at + 20, 0);
    await page.keyboard.press('Shift+>');
    await expect(player.getByRole('combobox', { name: /speed/i })).toHaveValue('1.75');
    await page.keyboard.press('Shift+<');
    await page.keyboard.press('Shift+<');
    await expect(player.getByRole('combobox', { name: /speed/i })).toHaveValue('1.25');
    await expect(player.getByRole('status').filter({ hasText: 'Speed 1.25×' })).toHaveCount(1);
  });

  await test.step('a queued podcast starts when the one playing ends; the finished one is marked played', async () => {
    const next = cardOf(second);
    await next.getByRole('button', { name: /^Queue: / }).click();
    await next.getByRole('button', { name: /^Add to queue: / }).click();
    await expect(next.getByText('Up next')).toBeVisible();
    const player = cardOf(first);
    const duration = await player.locator('audio').evaluate((el: HTMLAudioElement) => el.duration);
    await setClock(player, duration - 0.5);
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(player.getByTestId('played')).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
    await expect(next.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(next.getByText('Up next')).toHaveCount(0);
    await next.getByRole('button', { name: 'Pause', exact: true }).click();

    // The server has both changes: the first played, the queue empty.
    const state = await page.evaluate(
      async ({ id, tokenKey }) => {
        const headers = { Authorization: `Bearer ${localStorage.getItem(tokenKey)}` };
        const podcast = (await (await fetch(`/api/podcasts/${id}`, { headers })).json()) as { playedAt: string | null };
        const queue = (await (await fetch('/api/queue', { headers })).json()) as { podcastIds: string[] };
        return { playedAt: podcast.playedAt, queue: queue.podcastIds };
      },
      { id: first, tokenKey: STORAGE_KEYS.authToken },
    );
    expect(state.playedAt).not.toBeNull();
    expect(state.queue).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
