import { defineConfig } from 'vitest/config';

// Browser tests: `npm run test:e2e` (builds the web app first). Debian's Chromium at /usr/bin/chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/test/**/*.test.ts'],
    setupFiles: ['e2e/src/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
