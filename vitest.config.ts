import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suites. Server-backed suites pick real PostgreSQL,
// RabbitMQ and Redis from DATABASE_URL, AMQP_URL and REDIS_URL, else the embedded adapters
// (platform/src/testing/infra.ts says which).
export default defineConfig({
  test: {
    projects: ['contracts', 'platform', 'services/*', 'gateway', 'web'],
    globalSetup: ['./platform/src/testing/global-setup.ts'],
  },
});
