/**
 * Asking while listening, in Chromium against the real server with no AI: the episode plays, "Ask"
 * pauses it, the typed question's answer (from the article) plays in its own audio and shows with
 * its source, whose link moves the episode there; "Resume" plays the episode on from the second it
 * paused at.
 */
import { expect, test, type Locator } from '@playwright/test';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { serveArticlesDuringFile, TIDE_POOLS } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

const episodeClock = (card: Locator) => card.locator('audio').first().evaluate((el: HTMLAudioElement) => el.currentTime);
const episodePaused = (card: Locator) => card.locator('audio').first().evaluate((el: HTMLAudioElement) => el.paused);

test('play, ask, hear the answer, resume at the same second', async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'asker');
  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${TIDE_POOLS.path}`);
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  const card = recentPodcasts(page).first();
  // The new podcast plays as soon as it exists; it is let play until it is complete and two seconds in.
  await expect(card.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(card.getByRole('progressbar')).toHaveCount(0, { timeout: E2E_SAFETY_NET_MS });
  await expect.poll(() => episodeClock(card), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(2);

  await card.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect.poll(() => episodePaused(card)).toBe(true);
  const pausedAt = await episodeClock(card);
  const panel = card.getByRole('region', { name: 'Ask about this episode' });
  await panel.getByRole('textbox').fill('How long have researchers counted the pools?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();

  await expect(panel.getByText(/every spring since 1974/).first()).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  const answer = panel.getByLabel('The answer, spoken');
  // The answer's audio plays (its clock moves), while the episode stays paused where it was.
  await expect.poll(() => answer.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(0.3);
  expect(await episodePaused(card)).toBe(true);
  expect(await episodeClock(card)).toBeCloseTo(pausedAt, 1);

  // Its source is a link into the read-along: the episode moves to where that paragraph is read.
  const source = panel.getByRole('list', { name: 'From the article' }).getByRole('link');
  await expect(source).toHaveCount(1);
  await source.click();
  await expect(card.getByTestId('read-along')).toBeVisible();
  await expect.poll(() => episodeClock(card)).not.toBeCloseTo(pausedAt, 0);

  // Resume: the episode plays on from the second it paused at, and the answer stops.
  await panel.getByRole('button', { name: /^Resume from / }).click();
  await expect.poll(() => episodePaused(card)).toBe(false);
  const resumedAt = await episodeClock(card);
  expect(resumedAt).toBeGreaterThanOrEqual(pausedAt - 0.05);
  expect(resumedAt).toBeLessThan(pausedAt + 3);
  await expect(card.getByRole('region', { name: 'Ask about this episode' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Ask', exact: true })).toBeVisible();
});
