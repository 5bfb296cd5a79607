/**
 * What a new user does in the first hour, in Chromium at 1280×800 (and 390 px) against the real
 * server, which has no AI model: reloads the page, double-clicks Create, signs in and opens their
 * podcasts while one plays, pastes a page that cannot be read, makes podcasts of PDFs, looks at the
 * modes, meets a toast on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { CONTENT_MESSAGES, listingNote, notAWebPageMessage } from '../shared/errors.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { DISGUISED_PDF_PATH, FRONT_PAGE_PATH, FRONT_PAGE_STORIES, IMAGE_PATH, MISSING_PATH, PDF_PATH, REPORT, REPORT_TITLE, serveArticlesDuringFile, TIDE_POOLS } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';
import { NO_AI_HINT } from '../webapp/src/features/podcasts/utils/modes.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);

test.use({ viewport: { width: 1280, height: 800 } });

const urlCard = (page: Page) => page.locator('#url-input');

/** Types the article's address and presses Create (twice at once with `double`). */
async function create(page: Page, { double = false } = {}) {
  await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${TIDE_POOLS.path}`);
  const button = urlCard(page).getByRole('button', { name: 'Create Podcast' });
  if (double) await button.dblclick();
  else await button.click();
  await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
}

/** The first card's playing clock (on home or on /profile), or null when it does not play. */
const playingAt = (page: Page) =>
  page
    .locator('article')
    .first()
    .evaluate((article) => {
      const audio = article.querySelector('audio');
      return audio && !audio.paused ? audio.currentTime : null;
    });

test("an anonymous visitor's podcast comes into view as it plays, and is still listed after a reload", async ({ page }) => {
  await page.goto('/');
  await create(page);
  const card = recentPodcasts(page);
  await expect(card).toHaveCount(1);
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  // It starts playing by itself, in view below the form.
  await expect(card.getByRole('button', { name: 'Pause' })).toBeInViewport({ timeout: E2E_SAFETY_NET_MS });
  await expect(urlCard(page).getByText(CONTENT_MESSAGES.created)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });

  await page.reload();
  await expect(recentPodcasts(page)).toHaveCount(1);
  await expect(recentPodcasts(page).getByRole('heading', { level: 3 })).toHaveText(title);
  await expect(recentPodcasts(page).getByRole('button', { name: 'Play' })).toBeVisible();
  // Members reach the rest of theirs from here; a visitor is asked to sign in to keep them.
  await expect(page.getByRole('link', { name: /Your podcasts/ })).toHaveCount(0);
  await expect(urlCard(page).getByText(CONTENT_MESSAGES.signInToSave)).toBeVisible();
});

test('a double click on Create makes one podcast', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/podcasts') posts.push(req.url());
  });
  await page.goto('/');
  await create(page, { double: true });
  await expect(recentPodcasts(page)).toHaveCount(1);
  expect(posts).toHaveLength(1);
  // The server's list says the same.
  await page.reload();
  await expect(recentPodcasts(page)).toHaveCount(1);
});

test("a member's recent podcasts are on home, and one playing plays on in 'Your podcasts'", async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'first-hour');
  await create(page);
  await expect(recentPodcasts(page).getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(urlCard(page).getByText(CONTENT_MESSAGES.created)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });

  // A reload keeps it on home, with the way to all of them.
  await page.reload();
  await expect(recentPodcasts(page)).toHaveCount(1);
  await recentPodcasts(page).getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => playingAt(page)).toBeGreaterThan(1);
  const left = (await playingAt(page))!;

  await page.getByRole('link', { name: /^Your podcasts/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const listed = page.getByRole('region', { name: 'Your Podcasts' }).locator('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Played on from where it was, not from the start.
  await expect.poll(() => playingAt(page)).toBeGreaterThan(left);
});

test('a page that cannot be read is told in the form and its toast, and the estimate line does not say it a third time', async ({ page }) => {
  await page.goto('/');
  await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${MISSING_PATH}`);
  const estimate = page.getByTestId('length-estimate');
  await expect(estimate).toContainText('Could not estimate the length');
  await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
  const alert = urlCard(page).getByRole('alert');
  await expect(alert).toBeVisible();
  const message = (await alert.textContent())!.trim();
  await expect(page.locator('[data-sonner-toast]', { hasText: message })).toBeVisible();
  await expect(estimate).toHaveCount(0);
  await expect(page.getByText(/Could not estimate/)).toHaveCount(0);
});

test('an image is told for what it is, and a local address is refused on purpose', async ({ page }) => {
  await page.goto('/');
  const field = urlCard(page).getByRole('textbox', { name: 'Website URL' });
  const cases: [string, string][] = [
    [`${articles.url}${IMAGE_PATH}`, notAWebPageMessage('an image')],
    // Only the article server's own address is let through: the server's own port is not.
    [`${page.url().replace(/\/$/, '')}/api/health`, CONTENT_MESSAGES.privateAddress],
  ];
  for (const [address, message] of cases) {
    await field.fill(address);
    await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
    await expect(urlCard(page).getByRole('alert')).toHaveText(message);
  }
  await expect(recentPodcasts(page)).toHaveCount(0);
});

test('a PDF chosen from disk becomes a podcast that plays, and so does a link to one, even served as a web page', async ({ page }) => {
  await page.goto('/');
  // "choose a PDF" opens the chooser from the keyboard, with Enter as with Space.
  await urlCard(page).getByRole('button', { name: 'choose a PDF' }).focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'tides.pdf', mimeType: 'application/pdf', buffer: Buffer.from(REPORT.pdf) });
  await expect(urlCard(page).getByTestId('chosen-pdf')).toContainText('tides.pdf');
  await expect(urlCard(page).getByTestId('length-estimate')).toContainText(`the PDF has ${REPORT.pages} ${REPORT.pages === 1 ? 'page' : 'pages'}`);
  await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
  await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  const card = recentPodcasts(page).first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(REPORT_TITLE);
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect.poll(() => playingAt(page), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(0);
  // The field is back for the next one.
  await expect(urlCard(page).getByTestId('chosen-pdf')).toHaveCount(0);

  for (const path of [PDF_PATH, DISGUISED_PDF_PATH]) {
    await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${path}`);
    await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
    await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  }
  await expect(recentPodcasts(page).getByRole('heading', { level: 3 })).toHaveText([REPORT_TITLE, REPORT_TITLE, REPORT_TITLE]);
});

test("a front page is told for what it is, a list of articles, and still makes an episode", async ({ page }) => {
  await page.goto('/');
  await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${FRONT_PAGE_PATH}`);
  await expect(urlCard(page).getByTestId('listing-note')).toHaveText(listingNote(FRONT_PAGE_STORIES));
  await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
  await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
});

test('an address typed without https:// is sent with it', async ({ page }) => {
  const sent: string[] = [];
  await page.route('**/api/podcasts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent.push((route.request().postDataJSON() as { url: string }).url);
    await route.fulfill({ status: 400, json: { success: false, error: { code: 'VALIDATION_ERROR', message: 'Stopped by the test' } } });
  });
  await page.goto('/');
  await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill('example.com/article');
  await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
  await expect(urlCard(page).getByRole('alert')).toHaveText('Stopped by the test');
  expect(sent).toEqual(['https://example.com/article']);
});

test('the FAQ names the languages read, and a server without payments says it gives every feature', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /languages/i }).click();
  await expect(page.getByText(/French/).first()).toBeVisible();
  await expect(page.getByText(/only English/i)).toHaveCount(0);
  await expect(page.getByText(/every feature/i).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
});

test('without an AI model the modes that need one say so, and the card says how its episode was made', async ({ page }) => {
  await page.goto('/');
  const mode = (name: string) => urlCard(page).getByRole('radio', { name: new RegExp(`^${name}`) });
  await expect(mode('Podcast')).toBeDisabled();
  await expect(mode('Brief')).toBeDisabled();
  await expect(mode('Conversation')).toBeDisabled();
  await expect(mode('Read')).toBeChecked();
  await expect(urlCard(page).getByText('Needs an AI model')).toHaveCount(3);
  await expect(urlCard(page).getByText(NO_AI_HINT)).toBeVisible();

  await create(page);
  const card = recentPodcasts(page);
  await expect(card.getByTestId('how-made')).toHaveText('Read from the article, word for word', { timeout: E2E_SAFETY_NET_MS });
  // The card and the player say the same length; every list button names the podcast it acts on.
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await expect(card.getByTestId('total')).not.toHaveText('0:00');
  const total = (await card.getByTestId('total').textContent())!;
  await expect(card.getByText(total, { exact: true })).toHaveCount(2);
  await expect(card.getByRole('button', { name: `Queue: ${title}` })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an error toast leaves the header clear and shows its close button whole', async ({ page }) => {
    await page.goto('/');
    await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill('not a web address');
    await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    const close = (await toast.getByRole('button', { name: /close/i }).boundingBox())!;
    expect(close.x).toBeGreaterThanOrEqual(0);
    expect(close.y).toBeGreaterThanOrEqual(0);
    expect(close.x + close.width).toBeLessThanOrEqual(390);
    expect(close.y + close.height).toBeLessThanOrEqual(844);
  });
});
