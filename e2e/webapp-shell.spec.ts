import { expect, test } from '@playwright/test';

test('home renders inside the layout, with this year in the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pagecast home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});

test('an unknown path answers 404 and shows Page Not Found; its button returns home; each page names its tab', async ({ page }) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Pagecast');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' })).toBeVisible();
  await expect(page).toHaveTitle('Pagecast: turn any website into a podcast');
  expect((await page.goto('/subscription/canceled'))?.status()).toBe(200);
  await expect(page).toHaveTitle('Subscription not completed · Pagecast');
});

test('below the small breakpoint a menu toggle reveals the header actions', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toBeVisible();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  await toggle.click();
  // The e2e server has billing off, so the menu holds the account control only (no upgrade button).
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('the API answers JSON next to the web app', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ ok: true });
  const missing = await request.get('/api/unknown');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
});
