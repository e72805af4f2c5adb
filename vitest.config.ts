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
      // The repository's own tooling: .env.example, the commit-message check, the deploy manifests,
      // the chaos run's own judgements.
      {
        test: {
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts', 'deploy/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      ...['contracts', 'platform', ...services, 'web'].map((dir) => ({
        extends: `./${dir}/vitest.config.ts`,
        test: { root: `./${dir}`, sequence: { groupOrder: 1 } },
      })),
    ],
    globalSetup: ['./platform/src/testing/global-setup.ts'],
    // Two files at once, whatever the core count. Vitest's default (cores − 1) runs one file at a
    // time on a 2-core machine, while most suites wait on PostgreSQL, RabbitMQ and their own timers
    // rather than compute (each file has its own database and bus namespace, so they do not meet).
    // Not more: PostgreSQL's connections are shared with a bench beside the suite (the measured
    // times and peaks are in docs/PERFORMANCE.md).
    maxWorkers: 2,
  },
});
