/**
 * The browser extension (issue 7), built and loaded into Chromium, against the real server and local
 * article pages. The popup is opened as a tab of the same window; bringing the article's tab to the
 * front makes it the active tab the popup acts on, as when the reader clicks the toolbar button.
 */
import net from 'node:net';
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import { ARTICLE_PORT, E2E_BASE_URL, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { errorTabMessage, notAWebPageTabMessage } from '../shared/errors.ts';
import { JSON_PATH, MISSING_PATH, NO_CONTENT_PATH, NIGHT_TRAINS, PDF_PATH, REPORT, REPORT_PARAGRAPH, REPORT_TITLE, TIDE_POOLS, startArticleServer } from './fixtures/article-server.ts';
import { expect, popupHeight, setServerAddress, test } from './fixtures/extension.ts';
import { signUp } from './fixtures/members.ts';

const PASSWORD = 'listen-on-the-train';

let articles: Awaited<ReturnType<typeof startArticleServer>>;

test.beforeAll(async () => {
  articles = await startArticleServer(ARTICLE_PORT);
});

test.afterAll(async () => {
  await articles.close();
});

function newEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

async function register(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${E2E_BASE_URL}/api/auth/register`, { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A podcast's script, which its JSON does not carry. */
async function scriptOf(request: APIRequestContext, id: string, token: string): Promise<string> {
  const res = await request.get(`${E2E_BASE_URL}/api/podcasts/${id}/script`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { script: string }).script;
}

async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Pagecast', exact: true })).toBeVisible();
  return popup;
}

async function openArticle(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${articles.url}${path}`);
  return page;
}

async function signIn(popup: Page, email: string) {
  await popup.getByRole('button', { name: 'Sign In', exact: true }).first().click();
  await expect(popup.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password').fill(PASSWORD);
  await popup.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(popup.getByText('Welcome back!')).toBeVisible();
  await expect(popup.getByRole('button', { name: /^Account: / })).toBeVisible();
}

/** The popup follows the active tab: bring the article forward, then act in the popup. */
async function focusTab(popup: Page, page: Page, title: string) {
  await page.bringToFront();
  await expect(popup.locator('.page-title')).toHaveText(title);
}

function newPodcastCard(popup: Page) {
  return popup.getByRole('region', { name: 'New podcast' });
}

async function offscreenDocuments(worker: Worker): Promise<number> {
  return worker.evaluate<number>(
    "chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] }).then((contexts) => contexts.length)",
  );
}

function seconds(time: string): number {
  const [m, s] = time.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

test('sign in, make a podcast of the page, follow it to 100 as it plays, listen on after the popup closes, find it on /profile', async ({
  context,
  extensionId,
  serviceWorker,
  request,
}) => {
  const email = newEmail('listener');
  await register(request, email);

  const popup = await openPopup(context, extensionId);
  await setServerAddress(popup, E2E_BASE_URL);
  await expect(popup.getByText('Sign in to save your podcasts')).toBeVisible();
  await signIn(popup, email);
  await expect(popup.getByText('Sign in to save your podcasts')).toHaveCount(0);

  const article = await openArticle(context, TIDE_POOLS.path);
  await focusTab(popup, article, `${TIDE_POOLS.title} | The Coastal Review`);
  // Chrome's popup is at most 600 px tall: the new podcast's player must come into view there.
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();

  const card = newPodcastCard(popup);
  await expect(card).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Podcast progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: E2E_SAFETY_NET_MS,
  });
  await expect(card.getByText('100%')).toBeVisible();
  await expect(card.getByText('Ready to play')).toBeVisible();
  // The server titles the episode (no script writer here: the first eight words of the page's title,
  // which the extension read from the tab); the same podcast heads the list.
  const title = await card.locator('.creation-title').innerText();
  expect(title).toBe(TIDE_POOLS.title);
  await expect(popup.getByRole('region', { name: 'Your Podcasts' }).getByRole('listitem').first()).toContainText(title);

  // It started playing by itself as soon as its first part was made, so there is nothing to press.
  const player = popup.getByRole('region', { name: 'Now playing' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(player).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Play podcast' })).toHaveCount(0);
  await expect.poll(async () => seconds(await player.getByLabel('Elapsed time').innerText()), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThanOrEqual(2);
  expect(await offscreenDocuments(serviceWorker)).toBe(1);
  // The form, the new podcast, the player and the list at once still fit Chrome's 600 px.
  expect(await popupHeight(popup)).toBeLessThanOrEqual(600);

  // Close the popup: the offscreen document keeps playing, and a new popup shows where it is.
  const before = seconds(await player.getByLabel('Elapsed time').innerText());
  await popup.close();
  await article.waitForTimeout(2500);
  const reopened = await openPopup(context, extensionId);
  const player2 = reopened.getByRole('region', { name: 'Now playing' });
  await expect(player2.getByText(title)).toBeVisible();
  await expect(player2.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(seconds(await player2.getByLabel('Elapsed time').innerText())).toBeGreaterThan(before + 1);

  await player2.getByRole('button', { name: 'Pause' }).click();
  await expect(player2.getByRole('button', { name: 'Play' })).toBeVisible();
  const paused = await player2.getByLabel('Elapsed time').innerText();
  await reopened.waitForTimeout(1500);
  await expect(player2.getByLabel('Elapsed time')).toHaveText(paused);

  // The web app shows the same podcast in the member's list.
  const web = await context.newPage();
  await web.goto(`${E2E_BASE_URL}/`);
  await web.getByRole('button', { name: 'Sign In', exact: true }).click();
  const form = web.locator('form').filter({ has: web.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(web.getByText('Welcome back!')).toBeVisible();
  await web.goto(`${E2E_BASE_URL}/profile`);
  await expect(web.getByText(title).first()).toBeVisible();
});

test('a podcast of the selected text only', async ({ context, extensionId, request }) => {
  const email = newEmail('selector');
  const token = await register(request, email);
  const settings = await openPopup(context, extensionId);
  await setServerAddress(settings, E2E_BASE_URL);
  await signIn(settings, email);
  await settings.close();

  // Select a paragraph, then open the popup on that page.
  const article = await openArticle(context, NIGHT_TRAINS.path);
  const chosen = NIGHT_TRAINS.paragraphs[2]!;
  await article.evaluate((text) => {
    const paragraph = [...document.querySelectorAll('p')].find((p) => p.textContent === text)!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  }, chosen);
  const popup = await openPopup(context, extensionId);
  await focusTab(popup, article, `${NIGHT_TRAINS.title} | The Coastal Review`);

  await expect(popup.getByText(`${chosen.split(/\s+/).length} words selected`)).toBeVisible();
  await popup.getByRole('button', { name: 'Create podcast from selection' }).click();
  const card = newPodcastCard(popup);
  await expect(card.getByText('From your selection')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Podcast progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: E2E_SAFETY_NET_MS,
  });

  const list = await request.get(`${E2E_BASE_URL}/api/podcasts`, { headers: { Authorization: `Bearer ${token}` } });
  const [podcast] = ((await list.json()) as { podcasts: { id: string; sourceUrl: string; status: string }[] }).podcasts;
  expect(podcast?.status).toBe('ready');
  expect(podcast?.sourceUrl).toBe(`${articles.url}${NIGHT_TRAINS.path}`);
  const script = await scriptOf(request, podcast!.id, token);
  expect(script).toContain(chosen.slice(0, 60));
  expect(script).not.toContain(NIGHT_TRAINS.paragraphs[0]!.slice(0, 40));
});

test('on a PDF tab the popup says it is a PDF and how many pages, and makes a podcast of it', async ({ context, extensionId, request }) => {
  const email = newEmail('pdf-reader');
  const token = await register(request, email);
  const settings = await openPopup(context, extensionId);
  await setServerAddress(settings, E2E_BASE_URL);
  await signIn(settings, email);
  await settings.close();

  const pdf = await openArticle(context, PDF_PATH);
  const popup = await openPopup(context, extensionId);
  await focusTab(popup, pdf, 'report.pdf');
  await expect(popup.locator('#this-page-label')).toHaveText(`This PDF · ${REPORT.pages} ${REPORT.pages === 1 ? 'page' : 'pages'}`);
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();
  await expect(newPodcastCard(popup).getByRole('progressbar', { name: 'Podcast progress' })).toHaveAttribute('aria-valuenow', '100', {
    timeout: E2E_SAFETY_NET_MS,
  });

  const list = await request.get(`${E2E_BASE_URL}/api/podcasts`, { headers: { Authorization: `Bearer ${token}` } });
  const [podcast] = ((await list.json()) as { podcasts: { id: string; title: string; sourceUrl: string; status: string }[] }).podcasts;
  expect(podcast).toMatchObject({ status: 'ready', title: REPORT_TITLE, sourceUrl: `${articles.url}${PDF_PATH}` });
  expect(await scriptOf(request, podcast!.id, token)).toContain(REPORT_PARAGRAPH.slice(0, 60));
});

test('the popup paints without waiting on a server that does not answer', async ({ context, extensionId }) => {
  // Accepts connections, never answers.
  const sockets: net.Socket[] = [];
  const silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  try {
    const settings = await openPopup(context, extensionId);
    await setServerAddress(settings, address);
    await settings.close();

    const popup = await openPopup(context, extensionId);
    await expect(popup.getByRole('button', { name: 'Create podcast from this page' })).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Your Podcasts' })).toBeVisible();
    await expect(popup.getByRole('link', { name: 'Open Pagecast' })).toHaveAttribute('href', `${address}/`);
    // The list is still on its way: the frame did not wait for it.
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    await expect(popup.getByText('No podcasts created yet')).toHaveCount(0);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});

test('the messages: a first run with no server (one message, the address to set), not signed in, no readable content, a page the browser keeps closed', async ({
  context,
  extensionId,
}) => {
  const popup = await openPopup(context, extensionId);

  // A port nobody listens on.
  const closedPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  await setServerAddress(popup, `http://127.0.0.1:${closedPort}`);
  // One message, with the address to change: not a "Network error" beside it, no Create that would fail.
  const firstRun = popup.getByRole('region', { name: `No Pagecast server at 127.0.0.1:${closedPort}` });
  await expect(firstRun).toBeVisible();
  await expect(popup.getByText(/Network error/)).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Create podcast from this page' })).toHaveCount(0);
  await expect(popup.getByText('Sign in to save your podcasts')).toHaveCount(0);
  expect(await popupHeight(popup)).toBeLessThanOrEqual(600);

  await firstRun.getByRole('textbox', { name: 'Server address' }).fill(E2E_BASE_URL);
  await firstRun.getByRole('button', { name: 'Save and connect' }).click();
  await expect(popup.getByText('Sign in to save your podcasts')).toBeVisible();
  await expect(firstRun).toHaveCount(0);
  // Signed out on a server without an AI model: its default mode, Read, is the one chosen.
  await expect(popup.getByRole('radio', { name: 'Read' })).toBeChecked();
  // The modes it cannot make look unavailable, and say why.
  for (const name of ['Podcast', 'Brief', 'Conversation']) {
    const mode = popup.getByRole('radio', { name });
    await expect(mode).toBeDisabled();
    await expect(mode).toHaveAccessibleDescription(/need an AI model, which this server does not have/);
    expect(await mode.locator('xpath=..').evaluate((label) => Number(getComputedStyle(label).opacity))).toBeLessThan(0.6);
  }
  expect(await popup.getByRole('radio', { name: 'Read' }).locator('xpath=..').evaluate((label) => Number(getComputedStyle(label).opacity))).toBe(1);
  await expect(popup.getByText(/need an AI model, which this server does not have: every episode reads the article as written/)).toBeVisible();

  const article = await openArticle(context, TIDE_POOLS.path);
  await article.goto(`${articles.url}${NO_CONTENT_PATH}`);
  await focusTab(popup, article, 'Dashboard');
  // What the web app refuses is refused before Create, which is off, in words that name the tab
  // (nothing was pasted nor fetched): a page with nothing to read, a JSON file, an error page.
  const createButton = popup.getByRole('button', { name: 'Create podcast from this page' });
  await expect(popup.getByRole('alert')).toContainText('Could not extract readable content from the webpage');
  await expect(createButton).toBeDisabled();
  const other = await openArticle(context, JSON_PATH);
  await other.bringToFront();
  await expect(popup.locator('.page-title')).toContainText('status.json');
  await expect(popup.getByRole('alert')).toContainText(notAWebPageTabMessage('a file of type application/json'));
  await expect(createButton).toBeDisabled();
  await expect(newPodcastCard(popup)).toHaveCount(0);
  await other.goto(`${articles.url}${MISSING_PATH}`);
  await focusTab(popup, other, 'Not Found');
  await expect(popup.getByRole('alert')).toContainText(errorTabMessage('404 Not Found'));
  await expect(createButton).toBeDisabled();
  await focusTab(popup, article, 'Dashboard');
  await expect(popup.getByText(errorTabMessage('404 Not Found'))).toHaveCount(0);

  await article.goto('chrome://version');
  await article.bringToFront();
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();
  await expect(popup.getByRole('alert').filter({ hasText: "Pagecast can't read this page" })).toContainText(
    'Browsers keep extensions out of their own pages',
  );
});

test('signed in on the web app, the extension is signed in too; signed out in the popup, it stays signed out', async ({ context, extensionId }) => {
  const web = await context.newPage();
  await web.goto(`${E2E_BASE_URL}/`);
  const email = await signUp(web, 'one-sign-in');

  // The popup, pointed at the same server, is signed in as that member without asking.
  const popup = await openPopup(context, extensionId);
  await setServerAddress(popup, E2E_BASE_URL);
  const account = popup.getByRole('button', { name: /^Account: / });
  await expect(account).toBeVisible();
  await account.click();
  await expect(popup.getByText(email)).toBeVisible();

  // Signed out here on purpose: reopened, the popup does not take the web app's session up again.
  await popup.getByRole('button', { name: 'Sign Out' }).click();
  await popup.getByRole('alertdialog').getByRole('button', { name: 'Sign Out' }).click();
  await expect(popup.getByText('Sign in to save your podcasts')).toBeVisible();
  await popup.close();
  const again = await openPopup(context, extensionId);
  await expect(again.getByText('Sign in to save your podcasts')).toBeVisible();
  await expect(again.getByRole('button', { name: /^Account: / })).toHaveCount(0);
});
