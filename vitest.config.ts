import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    // Two files at once even on two cores (vitest's default there is one): most tests wait on
    // child processes, databases and timers, and every test must hold on a busy machine anyway.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // A safety net for a hang, not a speed target: tests wait on state, and on a busy machine
          // a test that speaks with the embedded voice can take several minutes.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'webapp',
          environment: 'happy-dom',
          include: ['webapp/**/*.test.{ts,tsx}'],
          // The same safety net: a test's waits on state (DOM_SAFETY_NET_MS, 45 s, shared/testing/safety-net.ts) fit within it.
          testTimeout: 60_000,
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          environment: 'happy-dom',
          include: ['extension/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
