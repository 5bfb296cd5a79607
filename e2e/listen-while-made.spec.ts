/**
 * Listening while the episode is made, in the web app (Chromium against the real server with a paced
 * voice, no AI): a long article's podcast starts playing by itself seconds after Create, long
 * before it is complete; the listener pauses, goes back 10 seconds with the keyboard while it grows
 * and plays on; when the episode completes, the same stream plays on without a restart; opened again once
 * ready, it plays the finished MP3 and offers to resume.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../shared/constants.ts';
import { CONTENT_MESSAGES } from '../shared/errors.ts';
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { LONG_RIVER, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { signUp } from './fixtures/members.ts';
import { seriousViolations } from './fixtures/axe.ts';
import { pacedServerDuringFile } from './fixtures/fake-ai-servers.ts';
import { recentPodcasts } from './fixtures/url-card.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
// A tenth of a second of audio each tenth of a second, three parts at a time: the episode grows for
// about forty-five seconds, at any machine speed, while the listener hears its start.
test.use({ baseURL: pacedServerDuringFile({ speechChunkDelayMs: 100 }) });

/** What is made of about how long; while the listener waits for the next part, it says so. */
const MADE = /^\d+:\d\d made of about \d+:\d\d( · the next part is on its way)?$/;

interface MediaLog {
  /** Every position a media element reported, in order, and whether the listener was moving it then. */
  times: { time: number; byListener: boolean }[];
  /** Set by the test while the listener moves the position. */
  listenerMoving: boolean;
  /** Sources loaded once playing had begun, and sources dropped: a restart does both. */
  loads: number;
  emptied: number;
}

/** Records what every media element on the page does, from before the player exists. */
async function watchMedia(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: MediaLog = { times: [], listenerMoving: false, loads: 0, emptied: 0 };
    (window as unknown as { mediaLog: MediaLog }).mediaLog = log;
    // Media events do not bubble, but the document sees them on the way down.
    document.addEventListener(
      'timeupdate',
      (e) => log.times.push({ time: (e.target as HTMLMediaElement).currentTime, byListener: log.listenerMoving }),
      true,
    );
    document.addEventListener(
      'loadstart',
      () => {
        if (log.times.length > 0) log.loads++;
      },
      true,
    );
    document.addEventListener('emptied', () => log.emptied++, true);
  });
}

const mediaLog = (page: Page) => page.evaluate(() => (window as unknown as { mediaLog: MediaLog }).mediaLog);
const listenerMoving = (page: Page, moving: boolean) =>
  page.evaluate((on) => void ((window as unknown as { mediaLog: MediaLog }).mediaLog.listenerMoving = on), moving);

/** The card's player and progress, read at one moment. */
function cardState(card: Locator) {
  return card.evaluate((article) => {
    const audio = article.querySelector('audio');
    const bar = article.querySelector('[role="progressbar"]');
    return {
      playing: !!audio && !audio.paused,
      time: audio?.currentTime ?? 0,
      progress: bar ? Number(bar.getAttribute('aria-valuenow')) : null,
      made: article.querySelector('[data-testid="made"]')?.textContent ?? null,
      stage: article.querySelector('h3')?.parentElement?.textContent ?? '',
    };
  });
}

async function cachedStatus(page: Page): Promise<string | undefined> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.podcastStorage);
  return raw ? (JSON.parse(raw) as { state: { podcasts: { status: string }[] } }).state.podcasts[0]?.status : undefined;
}

test('a long article plays seconds after Create, goes back while it grows, and plays on through its completion', async ({ page }) => {
  await page.goto('/');
  await signUp(page, 'listener');
  await watchMedia(page);

  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${LONG_RIVER.path}`);
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  const card = recentPodcasts(page).first();

  // It plays by itself while the rest is made: the progress still moves beside the player.
  await expect.poll(async () => (await cardState(card)).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(1);
  const started = await cardState(card);
  expect(started.playing).toBe(true);
  expect(started.progress, 'the podcast is still being made').not.toBeNull();
  expect(started.progress!).toBeLessThan(100);
  expect(await cachedStatus(page)).not.toBe('ready');
  expect(started.made).toMatch(MADE);
  // Still being made: the form says it is on its way, not made, and the playing card is in view.
  await expect(form.getByText(CONTENT_MESSAGES.starting)).toBeVisible();
  await expect(form.getByText(CONTENT_MESSAGES.created)).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Pause' })).toBeInViewport();
  const seek = card.getByRole('slider', { name: 'Seek' });
  await expect(seek).toHaveAttribute('aria-valuetext', /^\d+:\d\d of about \d+:\d\d, \d+:\d\d made so far$/);
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(await seriousViolations(page), 'the player of a growing episode, beside its progress').toEqual([]);

  // Fifteen seconds in, still growing: paused, back ten seconds from the keyboard, and played on from
  // there. (Paused, so the ten seconds are the listener's alone, whatever the machine's speed; the
  // first step may only round down to a whole second.)
  await expect.poll(async () => (await cardState(card)).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(15);
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await cardState(card)).playing).toBe(false);
  const before = await cardState(card);
  expect(before.progress, 'the podcast is still being made when the listener goes back').not.toBeNull();
  await listenerMoving(page, true);
  await seek.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await cardState(card)).time).toBeLessThan(before.time - 8.5);
  const back = await cardState(card);
  await listenerMoving(page, false);
  expect(back.time).toBeGreaterThan(before.time - 11);
  expect(back.progress, 'the podcast is still being made after going back').not.toBeNull();
  await card.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await cardState(card)).time).toBeGreaterThan(back.time + 2);
  expect((await cardState(card)).playing).toBe(true);

  // The episode completes: the progress goes, and the same stream plays on.
  await expect(card.getByRole('progressbar')).toHaveCount(0, { timeout: E2E_SAFETY_NET_MS });
  await expect.poll(() => cachedStatus(page)).toBe('ready');
  await expect(form.getByText(CONTENT_MESSAGES.created)).toBeVisible();
  const done = await cardState(card);
  expect(done.playing).toBe(true);
  expect(done.made).toBeNull();
  await expect(card.getByTestId('total')).not.toHaveText('0:00');
  await expect(seek).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);
  await expect.poll(async () => (await cardState(card)).time).toBeGreaterThan(done.time + 1);

  // One source from start to end: nothing was loaded again, and the clock went back only while the
  // listener moved it (by their ten seconds), never by itself and never to the start.
  const log = await mediaLog(page);
  expect(log.loads).toBe(0);
  expect(log.emptied).toBe(0);
  const steps = log.times.slice(1).map((sample, i) => ({ step: sample.time - log.times[i]!.time, byListener: sample.byListener }));
  expect(steps.filter(({ step, byListener }) => step < -0.5 && !byListener)).toEqual([]);
  const moved = steps.filter(({ byListener }) => byListener).reduce((sum, { step }) => sum + step, 0);
  expect(moved).toBeGreaterThan(-11);
  expect(moved).toBeLessThan(-8.5);
  const firstPastFive = log.times.findIndex(({ time }) => time > 5);
  expect(Math.min(...log.times.slice(firstPastFive).map(({ time }) => time))).toBeGreaterThan(2);

  // Opened again once ready: the finished MP3, and where the listener was.
  await card.getByRole('button', { name: 'Pause' }).click();
  await page.goto('/profile');
  const listed = page.locator('article').first();
  await expect(listed.locator('audio')).toHaveAttribute('src', /\/api\/podcasts\/[^/]+\/audio\?t=/);
  await expect(listed.getByRole('button', { name: /^Resume from \d+:\d\d$/ })).toBeVisible();
});

test('a podcast shared while it is made plays on its public page as it grows, and plays on once it is complete', async ({ page, browser }) => {
  await page.goto('/');
  await signUp(page, 'sharer');
  const form = page.locator('#url-input');
  await form.getByRole('textbox', { name: 'Website URL' }).fill(`${articles.url}${LONG_RIVER.path}`);
  await form.getByRole('button', { name: 'Create Podcast' }).click();
  const card = recentPodcasts(page).first();
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  await card.getByRole('button', { name: 'Pause' }).click();

  // Shared while it is made.
  await card.getByRole('button', { name: 'Share' }).click();
  const field = page.getByRole('dialog', { name: 'Share podcast' }).getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(/\/shared\/[A-Za-z0-9_-]+$/);
  const link = await field.inputValue();
  const token = link.split('/').pop()!;

  const stranger = await browser.newContext();
  try {
    const publicPage = await stranger.newPage();
    await publicPage.goto(link);
    await expect(publicPage.getByRole('heading', { level: 1, name: LONG_RIVER.title })).toBeVisible();
    await expect(publicPage.getByText('Still being made')).toBeVisible();
    await watchMedia(publicPage);
    await publicPage.getByRole('button', { name: 'Play' }).click();
    const audio = publicPage.locator('audio');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(2);
    const shared = (await (await stranger.request.get(`/api/shared/${token}`)).json()) as { complete: boolean };
    expect(shared.complete, 'still being made while the stranger listens').toBe(false);
    await expect(publicPage.getByTestId('made')).toHaveText(MADE);

    // The page asks again until the episode is complete, and the same stream plays on.
    await expect(publicPage.getByText('Still being made')).toHaveCount(0, { timeout: E2E_SAFETY_NET_MS });
    await expect(publicPage.getByTestId('made')).toHaveCount(0);
    const at = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(at + 1);
    const log = await mediaLog(publicPage);
    expect(log.loads).toBe(0);
    expect(log.emptied).toBe(0);
    const steps = log.times.slice(1).map((sample, i) => sample.time - log.times[i]!.time);
    expect(steps.filter((step) => step < -0.5)).toEqual([]);
  } finally {
    await stranger.close();
  }
});
