/**
 * axe-core in Chromium: no serious or critical violations on home (signed out, with every upgrade
 * prompt showing, and signed in with a podcast and its player), the transcript modal, /profile, the
 * subscription pages, a shared link that is gone, the 404 screen and the extension's popup; and home's
 * actions reachable with the Tab key, each showing where the focus is.
 */
import { expect, test } from '@playwright/test';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { QUERY_PLANS, startArticleServer, TIDE_POOLS } from './fixtures/article-server.ts';
import { test as extensionTest } from './fixtures/extension.ts';
import { signUp } from './fixtures/members.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { recentPodcasts } from './fixtures/url-card.ts';

test('home, signed out, with the upgrade prompts of a paying deployment', async ({ page }) => {
  await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ready to Unlock Premium Features' })).toBeVisible();
  // An open FAQ answer and a validation message are part of the page too.
  await page.getByRole('button', { name: 'Is Pagecast free to use?' }).click();
  await page.locator('#url-input').getByRole('textbox').fill('not a url');
  await page.locator('#url-input').getByRole('button', { name: 'Create Podcast' }).click();
  await expect(page.locator('#url-input').getByRole('alert')).toBeVisible();
  // The same message as a toast, checked as it stands once shown.
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('home and profile signed in, with a podcast, its player and the transcript modal', async ({ page }) => {
  // Two podcasts are made (the second reads a code block).
  const articles = await startArticleServer(ARTICLE_PORT);
  try {
    await page.goto('/');
    await signUp(page, 'a11y');
    const url = page.locator('#url-input');
    await url.getByRole('textbox').fill(`${articles.url}${TIDE_POOLS.path}`);
    await url.getByRole('button', { name: 'Create Podcast' }).click();
    const card = recentPodcasts(page);
    // While it converts (progress bar, status) ...
    await expect(card).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // ... and once it is ready (player, Download). (The player of an episode still being made is
    // checked in listen-while-made.spec.ts, where the episode is long enough to catch it growing.)
    await expect(card.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'View Transcript' }).click();
    await expect(page.getByRole('dialog', { name: 'Transcript' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Podcasts' })).toBeVisible();
    await expect(page.locator('article').getByRole('button', { name: 'Play' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A read-along with a code block (scrollable, so it takes the focus), on /profile.
    await page.goto('/');
    await url.getByRole('textbox').fill(`${articles.url}${QUERY_PLANS.path}`);
    await url.getByRole('button', { name: 'Create Podcast' }).click();
    // This podcast's own card: the first card may still be the one made before it.
    await expect(card.filter({ hasText: QUERY_PLANS.title }).getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
    await page.goto('/profile');
    const withCode = page.locator('article', { hasText: QUERY_PLANS.title }).first();
    await withCode.getByRole('button', { name: 'Read along' }).click();
    await expect(withCode.locator('[data-unspoken]')).toContainText('Index Scan using orders_customer_idx');
    await expect(withCode.locator('[data-unspoken]')).toHaveAttribute('tabindex', '0');
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await articles.close();
  }
});

test('the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the phone layout with its menu open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the subscription pages and a shared link that is gone', async ({ page }) => {
  await page.goto('/subscription/register');
  // Billing is off on the test server: the page explains that payments are not set up here.
  await expect(page.getByRole('main')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  for (const [path, heading] of [
    // Billing is off here: the canceled page says what the server gives instead.
    ['/subscription/canceled', 'Payments are not set up here'],
    ['/shared/no-such-token', 'This podcast is no longer shared'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.goto('/subscription/success');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test("home's actions are reached with the Tab key, each with a visible focus", async ({ page }) => {
  await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
  await page.goto('/');
  await expect(page.locator('#url-input').getByRole('textbox')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const reached: string[] = [];
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // The focused control, or the label or box drawn around it, shows an outline or a ring.
      const marked = (node: Element | null) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      };
      const name = el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '';
      return { name: name.trim().replace(/\s+/g, ' '), visible: marked(el) || marked(el.closest('label')) || marked(el.parentElement) };
    });
    if (!focused) break;
    expect(focused.visible, `the focus on "${focused.name}" cannot be seen`).toBe(true);
    reached.push(focused.name);
  }
  for (const action of ['Sign In', 'choose a PDF', 'Website URL', 'Add another address', 'Is Pagecast free to use?']) {
    expect(reached.some((name) => name.includes(action)), `Tab never reaches "${action}" (reached: ${reached.join(' | ')})`).toBe(true);
  }
  // The file chooser opens from the keyboard with Enter and with Space.
  for (const key of ['Enter', ' ']) {
    await page.getByRole('button', { name: 'choose a PDF' }).focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press(key === ' ' ? 'Space' : key)]);
    // Several PDFs may be chosen at once: one episode, a chapter each.
    expect(chooser.isMultiple()).toBe(true);
  }
});

extensionTest('the popup, first run (no server at its address) and settings, with screenshots in a 1280 and a 390 px window', async ({ context, extensionId }, testInfo) => {
  const popup = await context.newPage();
  const shoot = async (name: string) => {
    for (const width of [1280, 390]) {
      await popup.setViewportSize({ width, height: 800 });
      const file = testInfo.outputPath(`popup-${name}-${width}.png`);
      await popup.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`popup-${name}-${width}`, { path: file, contentType: 'image/png' });
    }
  };
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await extensionTest.expect(popup.getByRole('heading', { name: /^No Pagecast server at / })).toBeVisible();
  await popup.waitForLoadState('networkidle');
  extensionTest.expect(await seriousViolations(popup)).toEqual([]);
  await shoot('first-run');
  await popup.getByRole('button', { name: 'Settings' }).click();
  await extensionTest.expect(popup.getByRole('heading', { name: 'Settings' })).toBeVisible();
  extensionTest.expect(await seriousViolations(popup)).toEqual([]);
  await shoot('settings');
});
