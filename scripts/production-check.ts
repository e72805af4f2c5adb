import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { freePort, freePortBlock, waitFor } from '@leadmarket/platform/testing';
import pg from 'pg';
import { ENV_OWNERS, variablesOf } from './env-catalogue.js';
import { buildProductionTree } from './production-tree.js';

/**
 * `npm run production:check`: what the image would run, proven without a container engine. The
 * production tree is built exactly as the Dockerfile builds it, then every service and the gateway
 * start from it with plain `node` (no tsx, no dev dependency installed) under NODE_ENV=production,
 * each as its own database role, until every `/readyz` answers; then SIGTERM stops them all.
 * Needs DATABASE_URL (an administrator: it makes a scratch database and the roles), AMQP_URL, REDIS_URL.
 */
const DEV_ONLY = ['tsx', 'typescript', 'vitest', 'playwright-core', 'testcontainers', 'vite', 'eslint'];

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl || !process.env.AMQP_URL || !process.env.REDIS_URL) {
  console.error('production:check needs DATABASE_URL, AMQP_URL and REDIS_URL');
  process.exit(1);
}
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
};

/** Values in the shape a provider's key takes; any other required variable gets a random secret. */
const SHAPED: Record<string, () => string> = {
  STRIPE_SECRET_KEY: () => `sk_test_${randomBytes(24).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: () => `whsec_${randomBytes(24).toString('hex')}`,
  TWILIO_ACCOUNT_SID: () => `AC${randomBytes(16).toString('hex')}`,
  TWILIO_FROM_NUMBER: () => '+15005550006',
  SMTP_URL: () => 'smtp://127.0.0.1:2525',
  ADMIN_EMAIL: () => 'ops@example.com',
};

/** Every variable production requires (from the config schemas, as .env.example), generated: no provider is called while nothing is sold. */
const productionSecrets = () =>
  Object.fromEntries(
    ENV_OWNERS.flatMap(variablesOf)
      .filter((v) => v.requiredInProduction)
      .map((v) => [v.name, SHAPED[v.name]?.() ?? randomBytes(24).toString('base64url')]),
  );

const out = mkdtempSync(join(tmpdir(), 'leadmarket-production-'));
const suffix = randomBytes(4).toString('hex');
const dbName = `lm_production_${suffix}`;
let failed = false;
try {
  buildProductionTree(out);
  const present = DEV_ONLY.filter((name) => existsSync(join(out, 'node_modules', name)));
  if (present.length) throw new Error(`dev dependencies in the production tree: ${present.join(', ')}`);
  // The image's entry points (Dockerfile CMD): the roles job's too, which the stack does not start.
  const entries = [
    'gateway/src/main.js',
    'platform/src/cli/db-roles.js',
    ...SERVICE_NAMES.map((n) => `services/${n}/src/main.js`),
  ];
  const missing = entries.filter((entry) => !existsSync(join(out, entry)));
  if (missing.length) throw new Error(`entry points missing from the production tree: ${missing.join(', ')}`);

  await admin(`create database ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const port = await freePort();
  const basePort = await freePortBlock();
  const runner = spawn(process.execPath, ['gateway/src/run-stack.js'], {
    cwd: out,
    stdio: ['ignore', 'inherit', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl.toString(),
      AMQP_URL: process.env.AMQP_URL,
      REDIS_URL: process.env.REDIS_URL,
      BUS_NAMESPACE: `production${suffix}`,
      DATABASE_POOL_SIZE: '2',
      PORT: String(port),
      STACK_BASE_PORT: String(basePort),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...productionSecrets(),
    },
  });
  let log = '';
  runner.stderr!.on('data', (chunk) => {
    log += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  try {
    const ready = (url: string) =>
      fetch(url)
        .then((r) => r.ok)
        .catch(() => false);
    await waitFor(
      async () => {
        if (runner.exitCode !== null) throw new Error(`the runner exited early:\n${log}`);
        const urls = [
          `http://127.0.0.1:${port}/readyz`,
          ...SERVICE_NAMES.map((_, i) => `http://127.0.0.1:${basePort + i * 10}/readyz`),
        ];
        return (await Promise.all(urls.map(ready))).every(Boolean);
      },
      'the gateway and every service of the production tree to be ready',
      240_000,
      500,
    );
    console.log(`every service and the gateway are ready from the production tree (${process.version})`);
  } finally {
    runner.kill('SIGTERM');
    await exited;
  }
} catch (error) {
  failed = true;
  console.error(`production:check failed: ${(error as Error).message}`);
} finally {
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  rmSync(out, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
