import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium against the real server, started here on its own port and
 * an empty DATA_DIR. Screenshots and traces land in e2e-artifacts/.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * Port of the local article pages the tests convert; the server's SSRF guard lets it through. The
 * global setup takes a free one and hands it to the test workers; every other side server a test
 * starts takes a free port too (e2e/fixtures/free-port.ts), so runs on any two E2E_PORTs never collide.
 */
export const ARTICLE_PORT = Number(process.env.E2E_ARTICLE_PORT || 0);
export const ARTICLE_BASE_URL = `http://127.0.0.1:${ARTICLE_PORT}`;

/** Debian's Chromium, and the flags it needs on a machine with no network beyond loopback. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * The one deadline for every wait on state in the browser tests (a podcast ready, a card playing, a
 * page showing a message): a safety net for a hang, never a speed target, large enough for a machine
 * 20 times slower than idle. It is every `expect`'s default, and what a spec passes where it waits
 * longer than that default would on its own; a test (and its hooks) may take TEST_SAFETY_NET_MS, room
 * for a few such waits in a row.
 */
export const E2E_SAFETY_NET_MS = 200_000;
export const TEST_SAFETY_NET_MS = 600_000;

export default defineConfig({
  testDir: 'e2e',
  // Per port, so runs on different ports never wipe each other's traces.
  outputDir: `e2e-artifacts/results-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: TEST_SAFETY_NET_MS,
  expect: { timeout: E2E_SAFETY_NET_MS },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'e2e-artifacts/report', open: 'never' }],
    ['json', { outputFile: `e2e-artifacts/playwright-${E2E_PORT}.json` }],
  ],
  globalSetup: './e2e/fixtures/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The product honours it: nothing fades or slides in while a test reads the page.
    contextOptions: { reducedMotion: 'reduce' },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
