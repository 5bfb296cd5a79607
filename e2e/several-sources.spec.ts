/**
 * Several sources on the home page's URL card, in Chromium against the real server (no AI writer:
 * read mode): local article addresses typed and pasted a line each make one episode with a chapter
 * per source, seen in the player's chapters and the read-along's headings; a page that cannot be read
 * is named before Create and once the episode is made without it. The card with several lines has no
 * serious accessibility violation (axe).
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { MISSING_PATH, NIGHT_TRAINS, QUERY_PLANS, serveArticlesDuringFile, TIDE_POOLS } from './fixtures/article-server.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { signUp } from './fixtures/members.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
const urlCard = (page: Page) => page.locator('#url-input');

/** Pastes `text` into the focused field as the clipboard would. */
async function pasteInto(page: Page, name: string, text: string) {
  const field = urlCard(page).getByRole('textbox', { name, exact: true });
  await field.focus();
  await field.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('addresses typed and pasted on the home card make one episode with a chapter per source; an unreadable one is named', async ({ page }) => {
  await signUp(page, 'sources');
  const form = urlCard(page);
  const address = (path: string) => `${articles.url}${path}`;

  await form.getByRole('textbox', { name: 'Website URL' }).fill(address(TIDE_POOLS.path));
  await form.getByRole('button', { name: 'Add another address' }).click();
  await expect(form.getByRole('textbox', { name: 'Address 2', exact: true })).toBeFocused();
  await pasteInto(page, 'Address 2', [address(NIGHT_TRAINS.path), address(MISSING_PATH), address(QUERY_PLANS.path)].join('\n'));

  const sources = form.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('textbox')).toHaveCount(4);
  await expect(form.getByRole('textbox', { name: 'Address 3', exact: true })).toHaveValue(address(MISSING_PATH));
  await expect(form.getByRole('textbox', { name: 'Address 4', exact: true })).toBeFocused();

  // The whole set is estimated as one episode, and the page that cannot be read is named before Create.
  const estimate = form.getByTestId('length-estimate');
  await expect(estimate).toContainText(/Estimated length: .* the 3 sources have [\d,]+ words/, { timeout: E2E_SAFETY_NET_MS });
  await expect(estimate.getByTestId('unreadable-sources')).toContainText(`${address(MISSING_PATH)}:`);
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(form.getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  const leftOut = form.getByTestId('unreadable-sources');
  await expect(leftOut).toContainText('Made without one source, which could not be read:');
  await expect(leftOut).toContainText(address(MISSING_PATH));
  // Ready for the next: one empty field again.
  await expect(form.getByRole('textbox')).toHaveCount(1);
  await expect(form.getByRole('textbox', { name: 'Website URL' })).toHaveValue('');

  const card = recentPodcasts(page).first();
  await expect(card.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await card.locator('audio').evaluate((el: HTMLAudioElement) => el.pause());
  await expect(card.getByRole('progressbar')).toHaveCount(0, { timeout: E2E_SAFETY_NET_MS });

  // One episode, a chapter per source read, in the order given: the player steps through them.
  const chapters = card.getByRole('group', { name: 'Chapters' });
  const current = chapters.getByTestId('current-chapter');
  await expect(current).toHaveText(TIDE_POOLS.title);
  await chapters.getByRole('button', { name: 'Next chapter' }).click();
  await expect(current).toHaveText(NIGHT_TRAINS.title);
  await chapters.getByRole('button', { name: 'Next chapter' }).click();
  await expect(current).toHaveText(QUERY_PLANS.title);

  // The read-along heads each source's sentences with its chapter.
  await card.getByRole('button', { name: 'Read along' }).click();
  const readAlong = card.getByTestId('read-along');
  await expect(readAlong.locator('h4')).toHaveText([TIDE_POOLS.title, NIGHT_TRAINS.title, QUERY_PLANS.title]);
  await expect(readAlong).toContainText(NIGHT_TRAINS.paragraphs[1]!);

  // The server keeps every source read, and the one left out with why.
  const id = await card.getAttribute('data-podcast-id');
  const podcast = (await (await page.request.get(`/api/podcasts/${id}`)).json()) as { sources: { url: string }[]; unreadable: { source: string }[] };
  expect(podcast.sources.map((s) => s.url)).toEqual([TIDE_POOLS, NIGHT_TRAINS, QUERY_PLANS].map((a) => address(a.path)));
  expect(podcast.unreadable.map((u) => u.source)).toEqual([address(MISSING_PATH)]);

  // The card lists them too, in order, each linked to its page.
  const listed = card.locator('details', { hasText: '3 sources' });
  await listed.locator('summary').click();
  await expect(listed.getByRole('listitem')).toHaveText([TIDE_POOLS, NIGHT_TRAINS, QUERY_PLANS].map((a) => new RegExp(`^${a.title}`)));
  await expect(listed.getByRole('link')).toHaveCount(3);
});
