/**
 * Sound as soon as the first part exists, in the web app (Chromium against the real server): the new
 * podcast's card holds its player from the create answer on, before anything is made; its playlist
 * waits on the server for the first part. Here the voice is paced so slowly that the first part takes
 * longer than the server waits: the playlist answers "not yet" (503), the player asks again, and it
 * plays once the part is there.
 */
import { expect, test } from '@playwright/test';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { LONG_RIVER, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { pacedServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
// A tenth of a second of audio every 0.2 s: the first part (about nine seconds of audio) takes about
// eighteen seconds at the least, well over the server's eight-second wait, and a loaded machine only
// makes it longer.
test.use({ baseURL: pacedServerDuringFile({ speechChunkDelayMs: 200 }) });

test('a new podcast whose first part comes later than the playlist waits still starts by itself once the part exists', async ({ page }) => {
  const playlists: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/stream.m3u8')) playlists.push(response.status());
  });
  await page.goto('/');
  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${LONG_RIVER.path}`);
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  const card = recentPodcasts(page).first();

  // The player is there before anything is made, saying so.
  await expect(card.getByTestId('made')).toHaveText(/^0:00 made so far( · the first part is on its way)?$/);
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();

  // It plays once the first part is there, after the server said "not yet" at least once.
  const position = () => card.evaluate((article) => article.querySelector('audio')?.currentTime ?? 0);
  await expect.poll(position, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(0.5);
  expect(playlists[0], 'the first playlist request waited and was told to ask again').toBe(503);
  expect(playlists).toContain(200);
  await expect(card.getByTestId('made')).toHaveText(/^\d+:\d\d made of about \d+:\d\d/);
});
