/**
 * Every route at a phone's width (390 px) and a desktop's (1,280 px): nothing wider than the window,
 * the header, the page's heading and the footer in view, no serious or critical axe finding, and a
 * full-page screenshot of each saved with the test's results (looked at, not compared pixel by pixel).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { seriousViolations } from './fixtures/axe.ts';
import { signUp } from './fixtures/members.ts';

const WIDTHS = [390, 1280];

async function checkLayout(page: Page, testInfo: TestInfo, name: string, heading: string | RegExp) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${name} is wider than the window`).toBeLessThanOrEqual(clientWidth);
  expect(await seriousViolations(page), `${name}: axe`).toEqual([]);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    test('home, the 404 page and a link no longer shared', async ({ page }, testInfo) => {
      await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
      await page.goto('/');
      await expect(page.locator('#url-input').getByRole('textbox')).toBeVisible();
      await checkLayout(page, testInfo, `home-${width}`, 'Turn Any Website Into Podcasts');
      await page.goto('/no/such/page');
      await checkLayout(page, testInfo, `not-found-${width}`, 'Page Not Found');
      await page.goto('/shared/no-such-token');
      await checkLayout(page, testInfo, `shared-gone-${width}`, 'This podcast is no longer shared');
    });

    test('profile and the subscription pages of a signed-in member', async ({ page }, testInfo) => {
      // Signed up at desktop width, where the header shows Sign In, then looked at in this width.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      const email = await signUp(page, `layout${width}`);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Your Podcasts' })).toBeVisible();
      await checkLayout(page, testInfo, `profile-${width}`, email);
      // Billing is off on the test server: each subscription page says what this server gives instead.
      await page.goto('/subscription/canceled');
      await checkLayout(page, testInfo, `subscription-canceled-${width}`, /./);
      await page.goto('/subscription/register');
      await checkLayout(page, testInfo, `subscription-register-${width}`, /./);
      await page.goto('/subscription/success');
      await checkLayout(page, testInfo, `subscription-success-${width}`, /./);
    });
  });
}
