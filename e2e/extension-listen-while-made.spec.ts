/**
 * Listening while the episode is made, in the browser extension (built, loaded into Chromium, against
 * the real server with a paced voice): Create in the popup on a long article, and the offscreen
 * document's <audio> element plays the first part while the rest is made; the popup shows what is made
 * of about how long; the reader pauses, goes back 10 seconds with the keyboard while it grows and plays
 * on;
 * when the episode completes the same stream plays on without a restart.
 *
 * The offscreen document's element is read through the DevTools protocol (fixtures/offscreen.ts).
 */
import { ARTICLE_PORT, E2E_SAFETY_NET_MS } from '../playwright.config.ts';
import { LONG_RIVER, serveArticlesDuringFile } from './fixtures/article-server.ts';
import { expect, setServerAddress, test } from './fixtures/extension.ts';
import { offscreenDocument } from './fixtures/offscreen.ts';
import { pacedServerDuringFile } from './fixtures/fake-ai-servers.ts';

const articles = serveArticlesDuringFile(ARTICLE_PORT);
// The episode grows for about forty-five seconds at any machine speed (see listen-while-made.spec.ts).
const server = pacedServerDuringFile({ speechChunkDelayMs: 100 });

interface OffscreenAudio {
  paused: boolean;
  time: number;
  /** Every position the element reported since watching began, and whether the reader was moving it. */
  times: { time: number; byListener: boolean }[];
  /** Sources loaded once it had started playing, and sources dropped: a restart does both. */
  loads: number;
  emptied: number;
}

const WATCH = `(() => {
  const audio = document.querySelector('#player');
  const log = { times: [], listenerMoving: false, loads: 0, emptied: 0 };
  window.mediaLog = log;
  audio.addEventListener('timeupdate', () => log.times.push({ time: audio.currentTime, byListener: log.listenerMoving }));
  // The first source may still be on its way as watching begins: loads count from the first clock tick.
  audio.addEventListener('loadstart', () => { if (log.times.length > 0) log.loads++; });
  audio.addEventListener('emptied', () => log.emptied++);
  return true;
})()`;
const READ = `(() => {
  const audio = document.querySelector('#player');
  return { paused: audio.paused, time: audio.currentTime, ...window.mediaLog };
})()`;
const moving = (on: boolean) => `void (window.mediaLog.listenerMoving = ${on})`;

test('Create in the popup on a long article: the offscreen player plays it while it is made, goes back while it grows, and plays on through its completion', async ({
  context,
  extensionId,
}) => {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await setServerAddress(popup, server);

  const article = await context.newPage();
  await article.goto(`${articles.url}${LONG_RIVER.path}`);
  await article.bringToFront();
  await expect(popup.locator('.page-title')).toHaveText(`${LONG_RIVER.title} | The Coastal Review`);
  await popup.getByRole('button', { name: 'Create podcast from this page' }).click();

  const card = popup.getByRole('region', { name: 'New podcast' });
  const progress = card.getByRole('progressbar', { name: 'Podcast progress' });
  const player = popup.getByRole('region', { name: 'Now playing' });
  // It plays by itself as soon as the first part is made.
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: E2E_SAFETY_NET_MS });
  // The offscreen document may still be starting as the popup shows the player: watch once it answers.
  let evaluate!: Awaited<ReturnType<typeof offscreenDocument>>;
  await expect
    .poll(async () => {
      evaluate = await offscreenDocument(popup);
      return evaluate<boolean>(WATCH);
    })
    .toBe(true);
  const audio = () => evaluate<OffscreenAudio>(READ);

  await expect.poll(async () => (await audio()).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(1);
  expect((await audio()).paused).toBe(false);
  // The system's media controls (and media keys) know what plays.
  expect(await evaluate<string | null>('navigator.mediaSession.metadata?.title ?? null')).toBe(await player.locator('.player-title').textContent());
  expect(await evaluate<string>('navigator.mediaSession.playbackState')).toBe('playing');
  expect(Number(await progress.getAttribute('aria-valuenow')), 'the podcast is still being made').toBeLessThan(100);
  await expect(player.getByText(/^\d+:\d\d made of about \d+:\d\d$/)).toBeVisible();
  await expect(player.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', /made so far$/);

  // Fifteen seconds in, still growing: paused, back ten seconds from the keyboard, and played on from
  // there. (Paused, so the ten seconds are the reader's alone, whatever the machine's speed; the first
  // step may only round down to a whole second.)
  await expect.poll(async () => (await audio()).time, { timeout: E2E_SAFETY_NET_MS }).toBeGreaterThan(15);
  // Keys go to the popup a reader is looking at (a hidden tab's timers are throttled).
  await popup.bringToFront();
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await audio()).paused).toBe(true);
  const before = await audio();
  expect(Number(await progress.getAttribute('aria-valuenow')), 'still being made when the reader goes back').toBeLessThan(100);
  await evaluate(moving(true));
  const seek = player.getByRole('slider', { name: 'Seek' });
  await seek.focus();
  for (let i = 0; i < 10; i++) await popup.keyboard.press('ArrowLeft');
  // The popup tells the player once the keys rest.
  await expect.poll(async () => (await audio()).time).toBeLessThan(before.time - 8.5);
  const back = await audio();
  await evaluate(moving(false));
  expect(back.time).toBeGreaterThan(before.time - 11);
  expect(Number(await progress.getAttribute('aria-valuenow')), 'still being made after going back').toBeLessThan(100);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => (await audio()).time).toBeGreaterThan(back.time + 2);
  expect((await audio()).paused).toBe(false);

  // The episode completes; the same stream plays on.
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: E2E_SAFETY_NET_MS });
  await expect(card.getByText('Ready to play')).toBeVisible();
  await expect(player.getByText(/made of about/)).toHaveCount(0);
  const done = await audio();
  expect(done.paused).toBe(false);
  await expect.poll(async () => (await audio()).time).toBeGreaterThan(done.time + 1);

  // Nothing was loaded again, and the clock went back only while the reader moved it, by their ten
  // seconds, never by itself and never to the start.
  const log = await audio();
  expect(log.loads).toBe(0);
  expect(log.emptied).toBe(0);
  const steps = log.times.slice(1).map((sample, i) => ({ step: sample.time - log.times[i]!.time, byListener: sample.byListener }));
  expect(steps.filter(({ step, byListener }) => step < -0.5 && !byListener)).toEqual([]);
  const moved = steps.filter(({ byListener }) => byListener).reduce((sum, { step }) => sum + step, 0);
  expect(moved).toBeGreaterThan(-11);
  expect(moved).toBeLessThan(-8.5);
  const firstPastFive = log.times.findIndex(({ time }) => time > 5);
  expect(Math.min(...log.times.slice(firstPastFive).map(({ time }) => time))).toBeGreaterThan(2);
});
