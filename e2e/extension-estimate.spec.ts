/**
 * The popup's estimate is the web app's: on a short page, Podcast at 10 minutes, the popup shows the
 * server's figure for that page, mode and minutes (the page's own length, shorter than asked), never
 * "about 10 min". Against a real server with the local OpenAI-compatible fake as its AI writer.
 */
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { formatLength } from '../webapp/src/features/podcasts/utils/modes.ts';
import { aiWriterServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { serveArticlesDuringFile, TIDE_POOLS } from './fixtures/article-server.ts';
import { expect, setServerAddress, test } from './fixtures/extension.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
const server = aiWriterServerDuringFile();

test('on a short page, Podcast at 10 minutes: the popup shows the length the web app shows, not the minutes asked', async ({ context, extensionId, request }) => {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await setServerAddress(popup, server);
  const article = await context.newPage();
  await article.goto(`${articles.url}${TIDE_POOLS.path}`);
  await article.bringToFront();
  await expect(popup.locator('.page-title')).toContainText(TIDE_POOLS.title);
  await popup.getByRole('radio', { name: 'Podcast' }).check();
  await popup.getByRole('spinbutton').fill('10');
  // What the web app's URL card is told for the same page, mode and minutes.
  const answer = await request.post(`${server}/api/podcasts/estimate`, { data: { url: `${articles.url}${TIDE_POOLS.path}`, mode: 'podcast', minutes: 10 } });
  expect(answer.ok()).toBe(true);
  const { estimatedSeconds } = (await answer.json()) as { estimatedSeconds: number };
  expect(estimatedSeconds).toBeLessThan(8 * 60);
  const estimate = popup.getByText(/^Estimated length: /);
  await expect(estimate).toHaveText(new RegExp(`^Estimated length: ${formatLength(estimatedSeconds)} \\(\\d+ words\\)$`), { timeout: E2E_SAFETY_NET_MS });
  await expect(estimate).not.toContainText('about 10 min');
});
