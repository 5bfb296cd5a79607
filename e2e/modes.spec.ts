/**
 * Modes in Chromium against the real server (the local fake as its AI writer, the embedded voice, billing off so
 * every member is Premium): a mode and minutes chosen on the URL card with the estimated length shown
 * before Create, the podcast made in that mode; the default mode kept on /profile across a reload and
 * offered by the URL card; and a script drafted, edited (an empty one refused), voiced, and heard as
 * edited in the transcript. The URL card's choices, the profile's panel and the script editor have no
 * serious accessibility violation (axe).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MODE_MESSAGES } from '../shared/api/podcast-modes.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { aiWriterServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { NIGHT_TRAINS, serveArticlesDuringFile, TIDE_POOLS, type ArticlePage } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { CREATE_ACCEPTED, recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
// Podcast, Brief and Conversation need an AI writer: these tests run on a server with the fake one.
test.use({ baseURL: aiWriterServerDuringFile() });

const urlCard = (page: Page) => page.locator('#url-input');
const justCreated = (page: Page) => recentPodcasts(page);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

async function fillAddress(page: Page, article: ArticlePage) {
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await urlCard(page).getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${article.path}`);
}

async function create(page: Page): Promise<Locator> {
  const before = await justCreated(page).count();
  await urlCard(page).getByRole('button', { name: 'Create Podcast' }).click();
  await expect(urlCard(page).getByText(CREATE_ACCEPTED)).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(justCreated(page)).toHaveCount(before + 1);
  return justCreated(page).first();
}

interface ApiPodcast {
  id: string;
  status: string;
  mode: string;
  minutes: number | null;
  scriptEdited: boolean;
  hasScript: boolean;
}

async function apiPodcast(page: Page, card: Locator): Promise<ApiPodcast> {
  const id = await card.getAttribute('data-podcast-id');
  return (await (await page.request.get(`/api/podcasts/${id}`)).json()) as ApiPodcast;
}

test('a mode and minutes chosen on the URL card, the estimate before Create, and the podcast made in that mode', async ({ page }) => {
  await signUp(page, 'modes');
  await page.goto('/');
  const form = urlCard(page);
  const modes = form.getByRole('group', { name: 'Mode' });
  await expect(modes.getByRole('radio')).toHaveCount(4);
  await expect(form.getByTestId('length-estimate')).toHaveText('Paste an address or choose a PDF to see how long it will be.');

  await modes.getByRole('radio', { name: 'Podcast' }).check();
  const minutes = form.getByRole('spinbutton', { name: 'Length in minutes' });
  await expect(minutes).toHaveValue('10');
  await minutes.fill('4');

  // The page is read once the address has settled (once: each read counts against the hourly
  // page-fetch limit), and the length shown is the one the mode and minutes give.
  const estimates: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/podcasts/estimate') && r.method() === 'POST') estimates.push(r.postDataJSON());
  });
  await fillAddress(page, NIGHT_TRAINS);
  const estimate = form.getByTestId('length-estimate');
  await expect(estimate).toContainText(/Estimated length: (about \d+ min|under a minute)/);
  await expect(estimate).toContainText(/the article has \d+ words/);
  // A five-paragraph article cannot fill four minutes, and the card says so before Create.
  await expect(estimate).toContainText('The article is short, so the episode runs shorter than the 4 minutes asked.');
  expect(estimates).toHaveLength(1);
  expect(await seriousViolations(page)).toEqual([]);
  expect(estimates[0]).toMatchObject({ url: `${articles.url}${NIGHT_TRAINS.path}`, mode: 'read' });

  // Minutes the server would refuse are refused here first.
  await minutes.fill('61');
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  await expect(form.getByRole('alert')).toContainText('Choose from 3 to 60 minutes.');
  await minutes.fill('4');

  const card = await create(page);
  await expect(card.getByTestId('podcast-mode')).toHaveText('Mode: Podcast, 4 min asked');
  await expect(card.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
  expect(await apiPodcast(page, card)).toMatchObject({ status: 'ready', mode: 'podcast', minutes: 4 });

  // Brief takes no minutes, and the card says which mode made it.
  await fillAddress(page, TIDE_POOLS);
  await modes.getByRole('radio', { name: 'Brief' }).check();
  await expect(form.getByRole('spinbutton', { name: 'Length in minutes' })).toHaveCount(0);
  await expect(form.getByTestId('length-estimate')).toContainText('Estimated length:');
  const brief = await create(page);
  await expect(brief.getByTestId('podcast-mode')).toHaveText('Mode: Brief');
  await expect(brief.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
  expect(await apiPodcast(page, brief)).toMatchObject({ mode: 'brief', minutes: null });
});

test('the default mode and minutes are kept on /profile across a reload, and the URL card starts on them', async ({ page }) => {
  await signUp(page, 'default-mode');
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'Default mode' });
  const modes = panel.getByRole('group', { name: 'Mode for new podcasts' });
  await modes.getByRole('radio', { name: 'Conversation' }).check();
  await panel.getByRole('spinbutton', { name: 'Length in minutes' }).fill('15');
  await panel.getByRole('button', { name: 'Save default' }).click();
  await expect(toast(page, 'New podcasts will be Conversation, 15 minutes')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Default mode' }).getByRole('radio', { name: 'Conversation' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Default mode' }).getByRole('spinbutton', { name: 'Length in minutes' })).toHaveValue('15');

  await page.goto('/');
  await expect(urlCard(page).getByRole('radio', { name: 'Conversation' })).toBeChecked();
  await expect(urlCard(page).getByRole('spinbutton', { name: 'Length in minutes' })).toHaveValue('15');
});

test('a Premium member drafts a script, edits it, voices it, and the transcript is the edited text', async ({ page }) => {
  await signUp(page, 'drafter');
  await fillAddress(page, TIDE_POOLS);
  const form = urlCard(page);
  await form.getByRole('radio', { name: 'Read' }).check();
  await form.getByRole('checkbox', { name: /Draft the script first/ }).check();
  const card = await create(page);

  // The draft waits: no audio, and Edit and Voice on the card.
  await expect(card.getByText('Script ready to edit')).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await expect(card.getByRole('button', { name: 'Play' })).toHaveCount(0);
  expect((await apiPodcast(page, card)).status).toBe('drafted');

  await card.getByRole('button', { name: 'Edit script' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit script' });
  const script = editor.getByRole('textbox', { name: 'Script' });
  await expect(script).toHaveValue(new RegExp(TIDE_POOLS.paragraphs[0]!.slice(0, 30)));
  expect(await seriousViolations(page)).toEqual([]);

  // An empty script is refused with the server's message, and nothing changes.
  await script.fill('   ');
  await editor.getByRole('button', { name: 'Save script' }).click();
  await expect(editor.getByRole('alert')).toHaveText(MODE_MESSAGES.emptyScript);
  expect((await apiPodcast(page, card)).scriptEdited).toBe(false);

  const edited = 'Lighthouse keepers count the crabs at dawn. The pools keep their secrets until the tide returns.';
  await script.fill(edited);
  await editor.getByRole('button', { name: 'Save script' }).click();
  await expect(toast(page, 'Script saved')).toBeVisible();
  await expect(editor).toBeHidden();
  expect(await apiPodcast(page, card)).toMatchObject({ status: 'drafted', scriptEdited: true });

  await card.getByRole('button', { name: 'Voice script' }).click();
  const voicing = page.getByRole('dialog', { name: 'Voice script' });
  await voicing.getByRole('combobox', { name: 'Voice' }).selectOption({ label: 'British English' });
  await voicing.getByRole('button', { name: 'Make audio' }).click();
  await expect(voicing).toBeHidden();
  await expect(card.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: E2E_SAFETY_NET_MS });
  await expect(card).toContainText('British English');

  // What was spoken is the edited script: the transcript shows it and nothing of the article beyond it.
  await card.getByRole('button', { name: 'View Transcript' }).click();
  const transcript = page.getByRole('dialog', { name: 'Transcript' });
  await expect(transcript).toContainText('Lighthouse keepers count the crabs at dawn.');
  await expect(transcript).toContainText('The pools keep their secrets until the tide returns.');
  await expect(transcript).not.toContainText(TIDE_POOLS.paragraphs[1]!.slice(0, 30));
  await page.keyboard.press('Escape');

  const id = await card.getAttribute('data-podcast-id');
  const cues = (await (await page.request.get(`/api/podcasts/${id}/transcript.json`)).json()) as { complete: boolean; cues: { text: string }[] };
  expect(cues.complete).toBe(true);
  expect(cues.cues.map((c) => c.text).join(' ')).toBe(edited);
});
