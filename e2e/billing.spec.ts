/**
 * Premium through Stripe in the browser (issue 6). The global server runs with billing off; the
 * billing-on tests start a second server (on a free port) whose Stripe settings point at the local
 * fake Stripe server. Stripe.js cannot be fetched here, so the browser gets a stand-in for
 * https://js.stripe.com/ (e2e/fixtures/stripe-js-standin.js), and its calls to https://api.stripe.com
 * are passed to the fake.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { startArticleServer, TIDE_POOLS } from './fixtures/article-server.ts';
import { recentPodcasts } from './fixtures/url-card.ts';
import { startFakeStripe, type FakeStripe } from '../server/test/fake-stripe.ts';
import { unusedPortSync } from '../server/test/free-port.ts';
import { startTestServer, type TestServer } from './fixtures/test-server.ts';

const BILLING_PORT = unusedPortSync();
const BILLING_URL = `http://127.0.0.1:${BILLING_PORT}`;
const STANDIN = path.join(import.meta.dirname, 'fixtures', 'stripe-js-standin.js');
const PASSWORD = 'correct-horse-battery';

function newEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

interface Member {
  email: string;
  token: string;
  user: { name?: string | null; email: string; isPremium: boolean };
}

async function registerByApi(request: APIRequestContext, baseUrl: string, name: string): Promise<Member> {
  const email = newEmail('payer');
  const res = await request.post(`${baseUrl}/api/auth/register`, { data: { email, password: PASSWORD, name } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; user: Member['user'] };
  return { email, token: body.token, user: body.user };
}

/** Signs the browser in as the web app would after a sign-in: the persisted auth state and the token. */
async function signInBrowser(page: Page, member: Member) {
  await page.addInitScript(
    ([user, token]) => {
      if (localStorage.getItem('auth-storage')) return;
      localStorage.setItem('auth-storage', JSON.stringify({ state: { user, token }, version: 0 }));
      localStorage.setItem('auth-token', token);
    },
    [member.user, member.token] as const,
  );
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null')?.state?.user as { isPremium: boolean } | null);

test.describe('billing off (no Stripe keys: the default server)', () => {
  test('the payment page explains that payments are not set up, and no upgrade prompt shows', async ({ page, request }) => {
    expect(await (await request.get('/api/stripe/config')).json()).toEqual({ enabled: false, publishableKey: null });

    await page.goto('/subscription/register');
    await expect(page.getByRole('heading', { name: 'Payments are not set up here' })).toBeVisible();
    await expect(page).toHaveURL(/\/subscription\/register$/);

    const member = await registerByApi(request, '', 'Grace Hopper');
    expect(member.user.isPremium).toBe(true);
    await signInBrowser(page, member);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
    await page.goto('/subscription/register');
    await expect(page.getByRole('heading', { name: 'Payments are not set up here' })).toBeVisible();
  });
});

test.describe('billing off: every call to action leads somewhere useful', () => {
  test("'Get Started Free' leads to the URL card and on to a podcast that plays; the subscription pages lead there too", async ({ page }) => {
    const articles = await startArticleServer(ARTICLE_PORT);
    try {
      await page.goto('/');
      const hero = page.locator('section', { has: page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }) });
      await hero.getByRole('button', { name: 'Get Started Free' }).click();
      const field = page.locator('#url-input').getByRole('textbox', { name: 'Website URL' });
      await expect(field).toBeFocused();
      await expect(page).toHaveURL(/\/$/);
      await field.fill(`${articles.url}${TIDE_POOLS.path}`);
      await page.locator('#url-input').getByRole('button', { name: 'Create Podcast' }).click();
      const card = recentPodcasts(page).first();
      await expect(card.getByRole('button', { name: 'Pause', exact: true })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
      await card.getByRole('button', { name: 'Pause', exact: true }).click();

      // No dead ends: each subscription page says what this server gives, and leads on to make a podcast.
      for (const path of ['/subscription/register', '/subscription/success?session_id=cs_test_e2e', '/subscription/canceled']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Payments are not set up here' })).toBeVisible();
        await expect(page.getByText(/contact support|Try Again/)).toHaveCount(0);
      }
      await page.getByRole('link', { name: 'Make a podcast' }).click();
      await expect(page.locator('#url-input').getByRole('textbox', { name: 'Website URL' })).toBeFocused();
    } finally {
      await articles.close();
    }
  });
});

test.describe('billing on (Stripe through the local fake)', () => {
  let fake: FakeStripe;
  let server: TestServer | undefined;

  test.beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer(BILLING_PORT, fake.env());
  });

  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test.use({ baseURL: BILLING_URL });

  test.beforeEach(async ({ page }) => {
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ path: STANDIN, contentType: 'application/javascript; charset=utf-8' }),
    );
    await page.route('https://api.stripe.com/**', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const res = await fetch(`${fake.url}${url.pathname}${url.search}`, {
        method: request.method(),
        headers: { 'Content-Type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
        body: request.postData() ?? undefined,
      });
      await route.fulfill({
        status: res.status,
        headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
        body: await res.text(),
      });
    });
  });

  test('a visitor who is not signed in is sent home with "Please sign in to upgrade"', async ({ page }) => {
    await page.goto('/subscription/register');
    await expect(page.getByText('Please sign in to upgrade')).toBeVisible();
    await expect(page).toHaveURL(`${BILLING_URL}/`);
  });

  test('a member pays on the register page, the success page verifies, and home shows them as Premium', async ({ page, request }) => {
    const member = await registerByApi(request, BILLING_URL, 'Ada King Lovelace');
    expect(member.user.isPremium).toBe(false);
    await signInBrowser(page, member);

    // Hold the payment session back so the spinner can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/stripe/create-checkout', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/subscription/register');
    await expect(page.getByText('Preparing secure payment…')).toBeVisible();
    release();

    const form = page.getByRole('form', { name: 'Payment' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveValue('Ada');
    await expect(form.getByLabel('Last Name')).toHaveValue('King Lovelace');
    await expect(form.getByLabel('Email')).toHaveValue(member.email);
    await expect(form.getByLabel('Email')).toBeDisabled();
    await expect(form.getByLabel('Country')).toHaveValue('US');
    expect(await form.getByLabel('Country').locator('option').evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value))).toEqual(
      ['US', 'CA', 'GB', 'AU', 'DE', 'FR'],
    );
    const element = page.getByTestId('stripe-payment-element');
    await expect(element).toHaveAttribute('data-layout', 'tabs');
    await expect(element.getByRole('tab', { name: 'Card' })).toBeVisible();
    await expect(page.getByText('Your subscription begins immediately after payment.')).toBeVisible();
    await expect(page.getByText(/terms of service and privacy policy.*cancel anytime/i)).toBeVisible();

    const subscribe = page.getByRole('button', { name: 'Subscribe Now - $7/month' });
    await subscribe.click();
    await expect(form.getByText('Street Address is required')).toBeVisible();
    await expect(form.getByText('City is required')).toBeVisible();
    expect([...fake.paymentIntents.values()].flatMap((pi) => pi.confirmations)).toHaveLength(0);

    await form.getByLabel('Street Address').fill('12 St James Square');
    await form.getByLabel('Apartment/suite').fill('Flat 3');
    await form.getByLabel('City').fill('Toronto');
    await form.getByLabel('State / Province').fill('ON');
    await form.getByLabel('ZIP / Postal Code').fill('M5V 2T6');
    await form.getByLabel('Country').selectOption('CA');
    await element.getByLabel('Card number').fill('4242 4242 4242 4242');
    await element.getByLabel('Expiration date').fill('12/34');
    await element.getByLabel('Security code').fill('123');
    await subscribe.click();

    await expect(page).toHaveURL(/\/subscription\/success\?session_id=sub_/);
    await expect(page.getByRole('heading', { name: 'Thank You for Upgrading!' })).toBeVisible();
    await expect(page.getByText('Welcome to Premium! Enjoy your new features.').first()).toBeVisible();

    const confirmations = [...fake.paymentIntents.values()].flatMap((pi) => pi.confirmations);
    expect(confirmations).toHaveLength(1);
    const sessionId = new URL(page.url()).searchParams.get('session_id');
    expect(confirmations[0]).toMatchObject({
      return_url: `${BILLING_URL}/subscription/success?session_id=${sessionId}`,
      payment_method_data: {
        billing_details: {
          name: 'Ada King Lovelace',
          email: member.email,
          address: { line1: '12 St James Square', line2: 'Flat 3', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'CA' },
        },
      },
    });
    expect(await storedUser(page)).toMatchObject({ isPremium: true });

    // Home after 5 seconds, as a Premium member: no upgrade prompt.
    await expect(page).toHaveURL(`${BILLING_URL}/`, { timeout: E2E_SAFETY_NET_MS });
    await expect(page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  });

  test('a declined card is reported on the page and nothing is verified', async ({ page, request }) => {
    await signInBrowser(page, await registerByApi(request, BILLING_URL, 'Alan Turing'));
    await page.goto('/subscription/register');
    const form = page.getByRole('form', { name: 'Payment' });
    await form.getByLabel('Street Address').fill('1 Bletchley Park');
    await form.getByLabel('City').fill('Milton Keynes');
    await form.getByLabel('State / Province').fill('Bucks');
    await form.getByLabel('ZIP / Postal Code').fill('MK3 6EB');
    const element = page.getByTestId('stripe-payment-element');
    await element.getByLabel('Card number').fill('4000 0000 0000 0002');
    await element.getByLabel('Expiration date').fill('12/34');
    await element.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Subscribe Now - $7/month' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/subscription\/register$/);
    expect(await storedUser(page)).toMatchObject({ isPremium: false });
  });

  test('when the payment session cannot be created, the member is told and sent home', async ({ page, request }) => {
    await signInBrowser(page, await registerByApi(request, BILLING_URL, 'Katherine Johnson'));
    await page.route('**/api/stripe/create-checkout', (route) =>
      route.fulfill({ status: 502, json: { success: false, error: { code: 'PAYMENT_FAILED', message: 'Failed to create payment intent' } } }),
    );
    await page.goto('/subscription/register');
    await expect(page.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(`${BILLING_URL}/`);
  });

  test('the success page goes home without a session_id, and reports a session it cannot verify', async ({ page, request }) => {
    await signInBrowser(page, await registerByApi(request, BILLING_URL, 'Mary Somerville'));
    await page.goto('/subscription/success');
    await expect(page).toHaveURL(`${BILLING_URL}/`);

    // Someone else's (or a made-up) subscription: refused by the server; the member stays free.
    await page.goto('/subscription/success?session_id=sub_notyours');
    await expect(page.getByRole('heading', { name: 'We Could Not Confirm Your Upgrade' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank You for Upgrading!' })).toHaveCount(0);
    await expect(page.getByText('Failed to verify subscription. Please contact support.').first()).toBeVisible();
    expect(await storedUser(page)).toMatchObject({ isPremium: false });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(`${BILLING_URL}/`);
  });

  test('on /profile a Premium member sees the renewal date, cancels at the period end, resumes, and opens the portal', async ({
    page,
    request,
  }) => {
    // A member who has paid, through the API: checkout, Stripe settles the invoice, verification.
    const member = await registerByApi(request, BILLING_URL, 'Rosalind Franklin');
    const auth = { Authorization: `Bearer ${member.token}` };
    const checkout = await (await request.post(`${BILLING_URL}/api/stripe/create-checkout`, { headers: auth })).json();
    fake.payInvoice(checkout.subscriptionId);
    const verified = await (
      await request.get(`${BILLING_URL}/api/stripe/verify-session?session_id=${checkout.subscriptionId}`, { headers: auth })
    ).json();
    expect(verified.user.isPremium).toBe(true);
    await signInBrowser(page, { ...member, user: verified.user });
    await page.route('https://billing.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Billing portal (stand-in)</h1>' }),
    );

    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Premium membership' });
    const date = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso)),
      verified.user.subscription.currentPeriodEnd as string,
    );
    await expect(panel.getByText(`Renews on ${date} for $7.`)).toBeVisible();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Premium?' });
    await expect(dialog).toContainText(`until ${date}`);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(panel.getByText(`Your Premium membership ends on ${date}.`)).toBeVisible();
    await expect(panel.getByText('Canceled', { exact: true })).toBeVisible();
    expect(fake.subscriptionObject(checkout.subscriptionId).cancel_at_period_end).toBe(true);
    await expect(page.getByText('Premium Member', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(panel.getByText(`Renews on ${date} for $7.`)).toBeVisible();
    expect(fake.subscriptionObject(checkout.subscriptionId).cancel_at_period_end).toBe(false);

    await panel.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    await expect(page.getByRole('heading', { name: 'Billing portal (stand-in)' })).toBeVisible();
  });

  test('the canceled page says the subscription was not completed and offers a way back', async ({ page }) => {
    await page.goto('/subscription/canceled');
    await expect(page.getByRole('heading', { name: 'Subscription not completed' })).toBeVisible();
    await expect(page.getByText(/not been charged/)).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(`${BILLING_URL}/`);
  });
});
