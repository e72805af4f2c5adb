import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const services = readdirSync('./services', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `services/${d.name}`);

/** Notification's file that starts tracing before the instrumented libraries load (isolated). */
const TRACED = 'test/lead-trace.test.ts';

// Server-side files share their worker (`isolate: false`): isolated, each file's new worker
// imported the whole service stack again (the times are in docs/PERFORMANCE.md, "CI wall time"). They have no `vi.mock` and no module state that
// outlives a file: each file makes its own database, bus namespace and key prefix and closes what
// it starts. Isolated still: the web (jsdom, `vi.mock`), the start-up test, and the trace test,
// whose SDK must patch pg, amqplib and ioredis before they first load.
//
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
          isolate: false,
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
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      ...['contracts', 'platform', ...services].map((dir) => ({
        extends: `./${dir}/vitest.config.ts`,
        test: {
          root: `./${dir}`,
          exclude: [...(dir === 'services/notification' ? [TRACED] : []), '**/node_modules/**'],
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      })),
      // Tracing starts before pg, amqplib and ioredis load, as the register module does it: a worker
      // that has run another file has already loaded them unpatched.
      {
        test: {
          name: 'notification-traced',
          root: './services/notification',
          include: [TRACED],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      // jsdom and `vi.mock`: every file in a fresh worker.
      { extends: './web/vitest.config.ts', test: { root: './web', sequence: { groupOrder: 1 } } },
    ],
    globalSetup: ['./platform/src/testing/global-setup.ts'],
    // Two files at once, whatever the core count. Vitest's default (cores − 1) runs one file at a
    // time on a 2-core machine, while most suites wait on PostgreSQL, RabbitMQ and their own timers
    // rather than compute (each file has its own database and bus namespace, so they do not meet).
    // Not more: PostgreSQL's connections are shared with a bench beside the suite, and a third
    // worker all but saturated the CPU, where timing tests start to flake (the measured times and
    // peaks are in docs/PERFORMANCE.md).
    maxWorkers: 2,
  },
});
