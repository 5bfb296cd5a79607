/**
 * Asking while listening in the extension's player (built, loaded into Chromium, against the real
 * server with no AI): the episode plays in the offscreen document, "Ask" in the popup pauses it, the
 * answer plays in the popup and shows with its source, and "Resume" plays the episode on from the
 * second it paused at.
 */
import { ARTICLE_PORT, E2E_BASE_URL, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { TIDE_POOLS, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { expect, setServerAddress, test } from './fixtures/extension.ts';
import { offscreenDocument } from './fixtures/offscreen.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

const AUDIO = `(() => {
  const audio = document.querySelector('#player');
  return { time: audio.currentTime, paused: audio.paused };
})()`;

test('play in the popup, Ask, hear the answer, resume at the same second', async ({ context, extensionId }) => {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await setServerAddress(popup, E2E_BASE_URL);

  const article = await context.newPage();
  await article.goto(`${articles.url}${TIDE_POOLS.path}`);
  await article.bringToFront();
  await expect(popup.locator('.page-title')).toHaveText(`${TIDE_POOLS.title} | The Coastal Review`);
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();

  const player = popup.getByRole('region', { name: 'Now playing' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  // Let it finish being made: a passage's second in the episode (its link) is known once its audio is.
  await expect(popup.getByRole('region', { name: 'New podcast' }).getByText('Ready to play')).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  const evaluate = await offscreenDocument(popup);
  const audio = () => evaluate<{ time: number; paused: boolean }>(AUDIO);
  await expect.poll(async () => (await audio()).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(2);

  await popup.bringToFront();
  await player.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect.poll(async () => (await audio()).paused).toBe(true);
  const pausedAt = (await audio()).time;
  const panel = player.getByRole('region', { name: 'Ask about this episode' });
  await panel.getByRole('textbox').fill('How long have researchers counted the pools?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();

  await expect(panel.getByText(/every spring since 1974/).first()).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  // The answer plays here while the episode stays paused where it was.
  const answer = panel.getByLabel('The answer, spoken');
  await expect.poll(() => answer.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(0.3);
  expect(await audio()).toMatchObject({ paused: true });
  expect(Math.abs((await audio()).time - pausedAt)).toBeLessThan(0.1);
  await expect(panel.getByRole('list', { name: 'From the article' }).getByRole('link')).toHaveCount(1);

  await panel.getByRole('button', { name: /^Resume from / }).click();
  await expect.poll(async () => (await audio()).paused).toBe(false);
  const resumed = (await audio()).time;
  // The popup's clock said where it paused to the second; the player was paused there.
  expect(resumed).toBeGreaterThanOrEqual(Math.floor(pausedAt) - 1);
  expect(resumed).toBeLessThan(pausedAt + 3);
  await expect(player.getByRole('button', { name: 'Ask', exact: true })).toBeVisible();
});
