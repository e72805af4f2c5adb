import { defineConfig } from 'vitest/config';

// Browser tests: `npm run test:e2e` (builds the web app first). Debian's Chromium at /usr/bin/chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/test/**/*.test.ts'],
    setupFiles: ['e2e/src/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at once: each has its own embedded marketplace (PGlite, in-process bus) on a free
    // port and its own Chromium, so they do not meet (times in docs/PERFORMANCE.md, "CI wall time").
    fileParallelism: true,
    maxWorkers: 2,
  },
});
