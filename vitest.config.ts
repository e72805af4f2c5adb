import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const services = readdirSync('./services', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `services/${d.name}`);

// One `npm test` runs every workspace's suites. Server-backed suites pick real PostgreSQL,
// RabbitMQ and Redis from DATABASE_URL, AMQP_URL and REDIS_URL, else the embedded adapters
// (platform/src/testing/global-setup.ts says which).
export default defineConfig({
  test: {
    projects: [
      // The start-up test runs alone first: it spawns `npm start`'s process, which should not share
      // two cores with every other suite.
      {
        test: {
          name: 'startup',
          root: './gateway',
          include: ['test/embedded-start.test.ts'],
          testTimeout: 150_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: './gateway/vitest.config.ts',
        test: {
          root: './gateway',
          exclude: ['test/embedded-start.test.ts', '**/node_modules/**'],
          sequence: { groupOrder: 1 },
        },
      },
      ...['contracts', 'platform', ...services, 'web'].map((dir) => ({
        extends: `./${dir}/vitest.config.ts`,
        test: { root: `./${dir}`, sequence: { groupOrder: 1 } },
      })),
    ],
    globalSetup: ['./platform/src/testing/global-setup.ts'],
  },
});
