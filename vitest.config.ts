import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'webapp',
          environment: 'happy-dom',
          include: ['webapp/**/*.test.{ts,tsx}'],
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          environment: 'happy-dom',
          include: ['extension/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
