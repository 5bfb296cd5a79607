/**
 * Accounts and sessions in the web app (issue 3): the header's Sign In dropdown, staying signed in
 * across a reload, the sign-out dialog, the profile, and signing out when the server cannot be
 * reached or has revoked the session.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newEmail, PASSWORD } from './fixtures/members.ts';

const localPart = (email: string) => email.split('@')[0]!;

async function registerByApi(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status();
}

function panel(page: Page) {
  return page.locator('form').filter({ has: page.getByLabel('Password') });
}

async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

async function submitCredentials(page: Page, email: string, password: string, submit: 'Sign In' | 'Create Account') {
  await panel(page).getByLabel('Email').fill(email);
  await panel(page).getByLabel('Password').fill(password);
  await panel(page).getByRole('button', { name: submit, exact: true }).click();
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('auth-token'));
}

/** Signs a new member up through the panel on home; answers the session token the browser keeps. */
async function signUpOnHome(page: Page, prefix: string): Promise<string> {
  const email = newEmail(prefix);
  await page.goto('/');
  await openSignIn(page);
  await panel(page).getByRole('button', { name: 'Need an account?' }).click();
  await submitCredentials(page, email, PASSWORD, 'Create Account');
  await expect(page.getByRole('link', { name: localPart(email) })).toBeVisible();
  return (await storedToken(page))!;
}

test('register, stay signed in across a reload, sign out through the dialog, sign in again', async ({ page, context, request }) => {
  const email = newEmail('reader');
  await page.goto('/');

  await openSignIn(page);
  await expect(panel(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Need an account?' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(panel(page).getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(panel(page).getByLabel('Password')).toHaveAttribute('minlength', '6');
  await submitCredentials(page, email, PASSWORD, 'Create Account');

  await expect(page.getByText('Account created successfully!')).toBeVisible();
  const nameLink = page.getByRole('link', { name: localPart(email) });
  await expect(nameLink).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  // Billing is off on this server: every member is Premium and no upgrade prompt shows.
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);

  const token = await storedToken(page);
  expect(token).toBeTruthy();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? 'null')?.state?.user?.email)).toBe(email);
  const cookie = (await context.cookies()).find((c) => c.name === 'auth-token');
  expect(cookie).toMatchObject({ value: token, httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);

  await page.reload();
  await expect(nameLink).toBeVisible();

  await nameLink.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
  await expect(page.getByText('Premium Member')).toBeVisible();
  await expect(page.getByText('Upgrade Now')).toHaveCount(0);

  await page.evaluate(() => sessionStorage.setItem('scratch', 'kept until sign-out'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Out' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to sign out?');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(nameLink).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(nameLink).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('auth-token'), localStorage.getItem('auth-storage'), sessionStorage.length])).toEqual([null, null, 0]);
  // The server revoked the session: a copy of the token is refused.
  await expect.poll(() => meStatus(request, token!)).toBe(401);
  expect((await context.cookies()).find((c) => c.name === 'auth-token')).toBeUndefined();

  await openSignIn(page);
  await submitCredentials(page, email, PASSWORD, 'Sign In');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(nameLink).toBeVisible();
  expect(await storedToken(page)).not.toBe(token);
});

test("a wrong password's message shows under the e-mail field; toggling the mode clears it", async ({ page, request }) => {
  const email = newEmail('typo');
  await registerByApi(request, email);
  await page.goto('/');
  await openSignIn(page);

  await panel(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('Please fill in all fields');

  await submitCredentials(page, email, 'not-the-password', 'Sign In');
  const error = panel(page).getByRole('alert');
  await expect(error).toHaveText('Invalid email or password');
  // Under the e-mail field: described by it, and placed between it and the password field.
  const emailField = panel(page).getByLabel('Email');
  await expect(emailField).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  const [emailBox, errorBox, passwordBox] = await Promise.all([
    emailField.boundingBox(),
    error.boundingBox(),
    panel(page).getByLabel('Password').boundingBox(),
  ]);
  expect(errorBox!.y).toBeGreaterThan(emailBox!.y + emailBox!.height - 1);
  expect(errorBox!.y).toBeLessThan(passwordBox!.y);
  await expect(page.getByText('Invalid email or password').last()).toBeVisible();

  await panel(page).getByRole('button', { name: 'Need an account?' }).click();
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Already have an account?' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the button shows a spinner with Loading... while the request runs', async ({ page, request }) => {
  const email = newEmail('patient');
  await registerByApi(request, email);
  await page.goto('/');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await openSignIn(page);
  await submitCredentials(page, email, PASSWORD, 'Sign In');
  const busy = panel(page).getByRole('button', { name: 'Loading...' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page.getByRole('link', { name: localPart(email) })).toBeVisible();
});

test('the dropdown closes on a click outside it and on Escape, not on a click inside', async ({ page }) => {
  await page.goto('/');
  const toggle = page.locator('button[aria-controls]', { hasText: 'Sign In' });

  await openSignIn(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page).getByLabel('Email')).toBeFocused();
  await panel(page).getByLabel('Password').click();
  await expect(panel(page)).toBeVisible();
  await page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await openSignIn(page);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('the dropdown closes on a touch outside it', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).tap();
  await expect(panel(page)).toBeVisible();
  await page.getByRole('heading', { name: 'Turn Any Website Into Podcasts' }).tap();
  await expect(panel(page)).toHaveCount(0);
  await context.close();
});

test('sign-out succeeds while the server is unreachable, and the server hears of it on the next visit', async ({ page, request }) => {
  const token = await signUpOnHome(page, 'offline');

  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign Out' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('auth-token'), localStorage.getItem('auth-storage')])).toEqual([null, null]);
  // The server could not be told: the session is still alive there, for now.
  expect(await meStatus(request, token)).toBe(200);

  await page.unroute('**/api/**');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(() => meStatus(request, token)).toBe(401);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pagecast-pending-logout'))).toBeNull();
});

test('a session revoked on the server signs the member out with the expiry message', async ({ page, request }) => {
  const token = await signUpOnHome(page, 'revoked');

  // Signed out elsewhere (the same token, as the extension would send it).
  const res = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);

  await page.goto('/profile');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});

test('/profile sends a signed-out visitor home', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('below the small breakpoint the menu toggle reveals the account control, which signs in', async ({ page, request }) => {
  const email = newEmail('mobile');
  await registerByApi(request, email);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await menu.getByRole('button', { name: 'Sign In', exact: true }).click();
  await submitCredentials(page, email, PASSWORD, 'Sign In');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(menu.getByRole('link', { name: localPart(email) })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
