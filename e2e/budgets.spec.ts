/**
 * The web app's size budgets, on the build the browser tests run against (webapp/dist): what each
 * page needs before it can paint, gzipped, ≤ 120 KiB for / and ≤ 150 KiB for any page
 * (scripts/bench/support/webapp-assets.ts says what counts; `npm run bench -- webapp-size` prints the
 * figures); and Stripe.js with the payment form load on the payment page only.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './fixtures/members.ts';
import {
  chunkSources,
  firstLoads,
  HOME_BUDGET_KIB,
  kib,
  PAGE_BUDGET_KIB,
} from '../scripts/bench/support/webapp-assets.ts';

test('each page needs at most 150 KiB gzipped before its first paint, and home at most 120 KiB', () => {
  const over = firstLoads()
    .map((load) => ({ page: load.page, kib: Math.round(kib(load.gzip) * 10) / 10, budget: load.page === '/' ? HOME_BUDGET_KIB : PAGE_BUDGET_KIB }))
    .filter((load) => load.kib > load.budget);
  expect(over).toEqual([]);
});

/** The built chunks a page downloads while `visit` runs, and whether it asked for Stripe.js. */
async function downloads(page: Page, visit: () => Promise<void>): Promise<{ chunks: string[]; stripeJs: boolean }> {
  const chunks = new Set<string>();
  let stripeJs = false;
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.hostname === 'js.stripe.com') stripeJs = true;
    if (/^\/assets\/.+\.js$/.test(url.pathname)) chunks.add(url.pathname.slice(1));
  };
  page.on('request', onRequest);
  await visit();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return { chunks: [...chunks], stripeJs };
}

const paymentCode = (chunks: string[]) =>
  chunks.filter((chunk) => chunkSources(chunk).some((source) => /@stripe\/|features\/billing\/components\/(payment-form|checkout)\.tsx$/.test(source)));

test('Stripe.js and the payment form load on the payment page only', async ({ page }) => {
  // A paying deployment, so every upgrade prompt shows; Stripe.js itself is never fetched from the internet.
  await page.route('**/api/stripe/config', (route) => route.fulfill({ json: { enabled: true, publishableKey: 'pk_test_e2e' } }));
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await page.route('**/api/stripe/create-checkout', (route) =>
    route.fulfill({ status: 503, json: { success: false, error: { code: 'INTERNAL_ERROR', message: 'Payments are down' } } }),
  );

  const elsewhere = await downloads(page, async () => {
    await page.goto('/');
    await signUp(page, 'budgets');
    for (const path of ['/profile', '/shared/no-such-token', '/subscription/success', '/subscription/canceled', '/no/such/page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
  });
  expect(elsewhere.chunks.length).toBeGreaterThan(0);
  expect(paymentCode(elsewhere.chunks)).toEqual([]);
  expect(elsewhere.stripeJs).toBe(false);

  const payment = await downloads(page, () => page.goto('/subscription/register').then(() => {}));
  expect(paymentCode(payment.chunks)).not.toEqual([]);
});
