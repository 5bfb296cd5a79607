/**
 * The home page in Chromium against the real server: its sections in order, the
 * hero's button, the URL card's validation and answers, the upgrade prompts, the FAQ's one-open rule,
 * the layout at phone widths, and screenshots kept under e2e-artifacts/screenshots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { CONTENT_MESSAGES } from '../shared/errors.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { startArticleServer, TIDE_POOLS } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const SCREENSHOTS = 'e2e-artifacts/screenshots';

/** The page's h1 and h2 headings, in document order. */
async function headings(page: Page): Promise<string[]> {
  return (await page.locator('main h1, main h2').allTextContents()).map((t) => t.trim());
}

/** What the server says about billing, as the browser sees it: lets a test show the prompts a paying deployment shows. */
async function billingOn(page: Page) {
  await page.route('**/api/stripe/config', (route) =>
    route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }),
  );
}

const urlCard = (page: Page) => page.locator('#url-input');
const urlField = (page: Page) => urlCard(page).getByRole('textbox', { name: 'Website URL' });
const createButton = (page: Page) => urlCard(page).getByRole('button', { name: 'Create Podcast' });

test.describe('home, signed out', () => {
  test('shows every section in the order of the spec', async ({ page }) => {
    await billingOn(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toBeVisible();
    const order = [
      'Turn Any Website Into Podcasts',
      'Convert Any Website to Podcast',
      'Premium Features',
      'Perfect for Every Use Case',
      'What Our Users Say',
      'Frequently Asked Questions',
      'Ready to Unlock Premium Features',
    ];
    const found = await headings(page);
    const positions = order.map((title) => found.indexOf(title));
    expect(positions.every((p) => p >= 0), `headings found: ${found.join(' | ')}`).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test("'Get Started Free' goes to /subscription/register on a server that takes payments", async ({ page }) => {
    await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }) });
    await expect(hero.getByRole('button', { name: 'Get Started Now' })).toHaveCount(0);
    // The payment page sends a visitor who is not signed in back home to sign in: catch the visit itself.
    await Promise.all([
      page.waitForURL(/\/subscription\/register$/),
      hero.getByRole('link', { name: 'Get Started Free' }).click(),
    ]);
  });

  test('the URL card: one required URL field, Create Podcast disabled while empty, the sign-in hint', async ({ page }) => {
    await page.goto('/');
    await expect(urlCard(page).getByRole('heading', { name: 'Convert Any Website to Podcast' })).toBeVisible();
    await expect(urlCard(page).getByRole('textbox')).toHaveCount(1);
    await expect(urlField(page)).toHaveAttribute('type', 'url');
    await expect(urlField(page)).toHaveAttribute('required', '');
    await expect(createButton(page)).toBeDisabled();
    await urlField(page).fill('h');
    await expect(createButton(page)).toBeEnabled();
    await urlField(page).fill('');
    await expect(createButton(page)).toBeDisabled();
    await expect(urlCard(page).getByText(CONTENT_MESSAGES.signInToSave)).toBeVisible();
  });

  test('the URL is checked in the browser: nothing is sent for a blank or unparseable address', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/api/podcasts')) posts.push(req.url());
    });
    await page.goto('/');

    await urlField(page).fill('   ');
    await createButton(page).click();
    await expect(urlCard(page).getByRole('alert')).toHaveText(CONTENT_MESSAGES.enterUrl);
    await expect(page.locator('[data-sonner-toast]', { hasText: CONTENT_MESSAGES.enterUrl })).toBeVisible();

    await urlField(page).fill('not a web address');
    await urlField(page).press('Enter');
    await expect(urlCard(page).getByRole('alert')).toHaveText(CONTENT_MESSAGES.enterValidUrl);
    await expect(page.locator('[data-sonner-toast]', { hasText: CONTENT_MESSAGES.enterValidUrl })).toBeVisible();
    await expect(urlField(page)).toHaveValue('not a web address');
    expect(posts).toEqual([]);
  });

  test("the server's refusal shows in the form and as a toast", async ({ page }) => {
    await page.goto('/');
    await urlField(page).fill('ftp://example.com/article');
    await createButton(page).click();
    await expect(urlCard(page).getByRole('alert')).toHaveText(CONTENT_MESSAGES.invalidWebsiteUrl);
    await expect(page.locator('[data-sonner-toast]', { hasText: CONTENT_MESSAGES.invalidWebsiteUrl })).toBeVisible();
    await expect(urlField(page)).toHaveValue('ftp://example.com/article');
    // Typing again clears the message.
    await urlField(page).fill('https://');
    await expect(urlCard(page).getByRole('alert')).toHaveCount(0);
  });

  test('a podcast made by an anonymous visitor appears below the card with its progress', async ({ page }) => {
    const articles = await startArticleServer(ARTICLE_PORT);
    try {
      await page.goto('/');
      await urlField(page).fill(`${articles.url}${TIDE_POOLS.path}`);
      await createButton(page).click();
      // On its way (or, on a quick server, made already); no toast calls it made while it starts.
      await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible();
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await expect(urlField(page)).toHaveValue('');

      const card = recentPodcasts(page);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('heading', { level: 3 })).toContainText(/\w/);
      // It converts on its own, following the event stream, and plays by itself as soon as its first
      // part is made.
      await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
      await expect(card.getByRole('button', { name: 'Download' })).toHaveCount(0);
    } finally {
      await articles.close();
    }
  });

  test('Premium features, use cases and testimonials', async ({ page }) => {
    await page.goto('/');
    const features = page.locator('section', { has: page.getByRole('heading', { name: 'Premium Features', level: 2 }) });
    for (const name of ['Download Podcasts', 'Custom Voices', 'Bookmarks', 'Share']) {
      await expect(features.getByRole('heading', { name, level: 3 })).toBeVisible();
    }
    const useCases = page.locator('section', { has: page.getByRole('heading', { name: 'Perfect for Every Use Case' }) });
    for (const name of ['Blog Posts', 'News Articles', 'Business Reports', 'Educational Content']) {
      await expect(useCases.getByRole('heading', { name, level: 3 })).toBeVisible();
    }
    const testimonials = page.locator('section', { has: page.getByRole('heading', { name: 'What Our Users Say' }) });
    await expect(testimonials.locator('figure')).toHaveCount(3);
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
    for (const figure of await testimonials.locator('figure').all()) {
      await expect(figure.getByRole('img', { name: 'Rated 5 out of 5' }).locator('svg')).toHaveCount(5);
    }
  });

  test('with billing on, visitors who are not Premium see Upgrade Now and the closing banner', async ({ page }) => {
    await billingOn(page);
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/subscription/register',
    );
    const banner = page.locator('section', { has: page.getByRole('heading', { name: 'Ready to Unlock Premium Features' }) });
    await expect(banner.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscription/register');
  });

  test('with billing off (a self-hosted server) no upgrade prompt shows', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    // The config answer has arrived once the page has settled.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toHaveCount(0);
  });

  test('FAQ: five questions, one open at a time, a click on the open one closes it', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('section', { has: page.getByRole('heading', { name: 'Frequently Asked Questions' }) });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(5);
    const expanded = async () =>
      Promise.all((await questions.all()).map(async (q) => (await q.getAttribute('aria-expanded')) === 'true'));
    expect(await expanded()).toEqual([false, false, false, false, false]);
    await expect(faq.getByRole('region')).toHaveCount(0);

    await questions.nth(0).click();
    expect(await expanded()).toEqual([true, false, false, false, false]);
    await expect(faq.getByRole('region')).toHaveCount(1);
    await expect(faq.getByRole('region')).toContainText('podcast script');

    await questions.nth(3).click();
    expect(await expanded()).toEqual([false, false, false, true, false]);
    await expect(faq.getByRole('region')).toContainText('MP3');

    await questions.nth(3).click();
    expect(await expanded()).toEqual([false, false, false, false, false]);
    await expect(faq.getByRole('region')).toHaveCount(0);

    // And from the keyboard.
    await questions.nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await expanded()).toEqual([false, true, false, false, false]);
    await page.keyboard.press('Space');
    expect(await expanded()).toEqual([false, false, false, false, false]);
  });

  for (const width of [360, 375]) {
    test(`at ${width} px nothing overflows sideways and the menu toggle opens the header actions`, async ({ page }) => {
      await billingOn(page);
      await page.setViewportSize({ width, height: 780 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(page.locator('#mobile-menu')).toHaveCount(0);
    });
  }

  test('screenshots of home at desktop and phone widths', async ({ page }) => {
    await billingOn(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/home-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${SCREENSHOTS}/home-phone.png`, fullPage: true });
  });
});

type ScrollLog = { samples: number[]; done: boolean; atStart: number; atClick: number | null };

/**
 * Records the page's scroll position on every frame from now on, until scrollsAfterClick reads them,
 * and where the page was the moment the next click's handlers had run (a listener on the window hears
 * the click after the app's own, in the same task): an instant scroll has arrived by then, a smooth
 * one has not moved yet. That is a state, where the frames seen during a smooth scroll are a rate: a
 * loaded machine draws one or two in its few hundred milliseconds.
 */
function sampleScroll(page: Page) {
  return page.evaluate(() => {
    const log: ScrollLog = { samples: [], done: false, atStart: Math.round(window.scrollY), atClick: null };
    (window as unknown as { scrollLog: ScrollLog }).scrollLog = log;
    window.addEventListener('click', () => (log.atClick = Math.round(window.scrollY)), { once: true });
    const sample = () => {
      log.samples.push(Math.round(window.scrollY));
      if (!log.done) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

/** Stops sampling: where the page was before the click and right after it, where it ended (down the page), and the positions seen strictly between the top and that end. */
async function scrollsAfterClick(page: Page): Promise<{ atStart: number; atClick: number; end: number; between: Set<number> }> {
  const log = await page.evaluate(() => {
    const log = (window as unknown as { scrollLog: ScrollLog }).scrollLog;
    log.done = true;
    return { samples: log.samples, atStart: log.atStart, atClick: log.atClick, now: Math.round(window.scrollY) };
  });
  const end = Math.max(log.now, ...log.samples);
  expect(end, 'the page scrolled down to the card').toBeGreaterThan(100);
  expect(log.atClick, 'the click was heard').not.toBeNull();
  return { atStart: log.atStart, atClick: log.atClick!, end, between: new Set(log.samples.filter((y) => y > 0 && y < end)) };
}

test.describe('home, signed in', () => {
  test.describe('for a reader who has not asked for less motion', () => {
    test.use({ contextOptions: { reducedMotion: 'no-preference' } });
    test("'Get Started Now' scrolls smoothly to the URL card and puts the cursor in its field", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto('/');
      await signUp(page, 'home');
      await expect(urlCard(page).getByText(CONTENT_MESSAGES.signInToSave)).toHaveCount(0);
      const hero = page.locator('section', { has: page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }) });
      await expect(hero.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0);
      const cardTop = () => urlCard(page).evaluate((el) => Math.round(el.getBoundingClientRect().top));
      expect(await cardTop()).toBeGreaterThan(300);

      // A smooth scroll: the page had not moved when the click was handled, and moved once it was.
      await sampleScroll(page);
      await hero.getByRole('button', { name: 'Get Started Now' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(urlField(page)).toBeFocused();
      // Scrolled so the card sits under the sticky header.
      await expect.poll(cardTop).toBeLessThan(120);
      // What the reader acts on is in view: the field, the button, the modes and the voice.
      await expect(urlField(page)).toBeInViewport();
      await expect(urlCard(page).getByRole('button', { name: 'Create Podcast' })).toBeInViewport();
      await expect(urlCard(page).getByRole('combobox', { name: 'Voice' })).toBeInViewport();
      const scrolled = await scrollsAfterClick(page);
      expect(scrolled.atClick).toBe(scrolled.atStart);
    });
  });

  test("'Get Started Now' jumps to the URL card at once for a reader who asked for less motion", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await signUp(page, 'home');
    const cardTop = () => urlCard(page).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(await cardTop()).toBeGreaterThan(300);
    const hero = page.locator('section', { has: page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }) });
    await sampleScroll(page);
    await hero.getByRole('button', { name: 'Get Started Now' }).click();
    await expect(urlField(page)).toBeFocused();
    await expect.poll(cardTop).toBeLessThan(120);
    // From the top to the card at once: there when the click was handled, with no position in between.
    const scrolled = await scrollsAfterClick(page);
    expect(scrolled.atClick - scrolled.atStart).toBeGreaterThan(100);
    expect([...scrolled.between]).toEqual([]);
  });

  test('Premium members see no upgrade prompt, even where billing is on', async ({ page }) => {
    await billingOn(page);
    await page.goto('/');
    await signUp(page, 'home');
    // On the e2e server (billing off) every member is Premium.
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toHaveCount(0);
  });
});
