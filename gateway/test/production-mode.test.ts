import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { CHANNEL_OFF_MESSAGES } from '@leadmarket/contracts';
import { service as contractors } from '@leadmarket/contractors';
import { service as notification } from '@leadmarket/notification';
import {
  BASE_PRODUCTION_REQUIREMENTS,
  productionProblems,
  productionRequirementsOf,
  sessionCache,
} from '@leadmarket/platform';
import { service as walletLedger } from '@leadmarket/wallet-ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../services/wallet-ledger/test/fake-stripe.js';
import { ALL_SERVICES } from '../src/stack/services.js';
import { startTestStack, type TestStack } from '../src/testing/test-stack.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ALL_REQUIREMENTS = [...BASE_PRODUCTION_REQUIREMENTS, ...ALL_SERVICES.flatMap(productionRequirementsOf)];
const EVERY_SECRET = [
  'INTERNAL_API_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM_NUMBER',
  'SMTP_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'RECEIPT_SIGNING_KEY',
  'LEAD_IP_HASH_SALT',
  'SIGNUP_CREDIT_HASH_SALT',
  'WEBHOOK_SECRET_KEY',
];

/** Run a script with only PATH/HOME and `env`: exit code, stderr and how long it took. */
function runScript(script: string, env: Record<string, string>) {
  const started = Date.now();
  return new Promise<{ code: number | null; stderr: string; ms: number }>((resolve) => {
    const child = spawn(`${root}/node_modules/.bin/tsx`, [script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stderr, ms: Date.now() - started }));
  });
}

describe('production requirements', () => {
  it('names every missing secret of every service at once', () => {
    const problems = productionProblems({ NODE_ENV: 'production' }, ALL_REQUIREMENTS).join('\n');
    for (const name of EVERY_SECRET) expect(problems).toContain(`${name} is required in production`);
    expect(problems).toContain('PAYMENTS_DISABLED=true');
  });

  it('asks nothing outside production, and nothing of a channel switched off', () => {
    expect(productionProblems({ NODE_ENV: 'development' }, ALL_REQUIREMENTS)).toEqual([]);
    expect(productionProblems({}, ALL_REQUIREMENTS)).toEqual([]);
    const off = productionProblems(
      { NODE_ENV: 'production', PAYMENTS_DISABLED: 'true', SMS_DISABLED: '1', EMAIL_DISABLED: 'yes' },
      ALL_REQUIREMENTS,
    ).join('\n');
    for (const name of ['STRIPE', 'TWILIO', 'SMTP']) expect(off).not.toContain(name);
    for (const name of ['INTERNAL_API_TOKEN', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'RECEIPT_SIGNING_KEY'])
      expect(off).toContain(name);
  });

  it('refuses a switch that is neither on nor off', () => {
    const problems = productionProblems({ NODE_ENV: 'production', PAYMENTS_DISABLED: 'maybe' }, ALL_REQUIREMENTS);
    expect(problems.join('\n')).toContain('PAYMENTS_DISABLED="maybe" is invalid');
  });
});

describe('a production start without keys', () => {
  it('npm start (the embedded runner) exits at once naming every missing variable', async () => {
    const result = await runScript('gateway/src/run-embedded.ts', { NODE_ENV: 'production', DATA_DIR: '/nonexistent' });
    console.log(`embedded production start refused in ${result.ms} ms`);
    expect(result.code).toBe(1);
    for (const name of EVERY_SECRET) expect(result.stderr).toContain(name);
    // No tight budget on a busy machine, but "within seconds": well before anything would listen.
    expect(result.ms).toBeLessThan(60_000);
  }, 90_000);

  it('a service process (wallet-ledger) exits naming its own missing variables', async () => {
    const result = await runScript('services/wallet-ledger/src/main.ts', { NODE_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('wallet-ledger refuses to start');
    for (const name of ['INTERNAL_API_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'RECEIPT_SIGNING_KEY'])
      expect(result.stderr).toContain(name);
    expect(result.stderr).not.toContain('TWILIO');
  }, 90_000);
});

async function signedIn(stack: TestStack) {
  const contractorId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  await sessionCache(stack.infra.kv).put('contractor', token, contractorId, 3600);
  return { contractorId, token };
}

describe('production with every key', () => {
  let stack: TestStack;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    stack = await startTestStack({
      services: [contractors, walletLedger, notification],
      env: {
        NODE_ENV: 'production',
        // The suite's cheap password hashes (10) are refused in production; production's own cost.
        PASSWORD_HASH_COST: '16',
        INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
        RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64url'),
        SIGNUP_CREDIT_HASH_SALT: randomBytes(32).toString('base64url'),
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_production',
        STRIPE_API_BASE: fake.url,
        TWILIO_ACCOUNT_SID: 'ACfake',
        TWILIO_AUTH_TOKEN: 'fake-token',
        TWILIO_FROM_NUMBER: '+15005550006',
        SMTP_URL: 'smtp://127.0.0.1:9',
        CLAIM_TOKEN_KEY: randomBytes(32).toString('base64url'),
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('answers 404 on the development pages, at the gateway and at the services themselves', async () => {
    for (const [method, path] of [
      ['GET', '/dev/outbox'],
      ['GET', '/dev/checkout/cs_dev_1'],
      ['POST', '/dev/checkout/cs_dev_1/complete'],
    ] as const) {
      const res = await fetch(new URL(path, stack.url), { method });
      expect(res.status, `${method} ${path} at the gateway`).toBe(404);
    }
    // Even if DEV_PAGES=true forwarded them, the services check the environment themselves.
    const outbox = await stack.marketplace.services.get('notification')!.app.inject({ url: '/dev/outbox' });
    expect(outbox.statusCode).toBe(404);
    const wallet = stack.marketplace.services.get('wallet-ledger')!.app;
    expect((await wallet.inject({ url: '/dev/checkout/cs_dev_1' })).statusCode).toBe(404);
    expect((await wallet.inject({ method: 'POST', url: '/dev/checkout/cs_dev_1/complete' })).statusCode).toBe(404);
  });

  it('purchase-credits returns Stripe Checkout, never a development URL', async () => {
    const { contractorId, token } = await signedIn(stack);
    const res = await stack.call('contractors-purchase-credits', {
      token,
      body: { contractor_id: contractorId, amount: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body.payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(res.body.payment_url).not.toContain('/dev/');
  });
});

describe('production with every channel switched off', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      services: [contractors, walletLedger, notification],
      env: {
        NODE_ENV: 'production',
        // The suite's cheap password hashes (10) are refused in production; production's own cost.
        PASSWORD_HASH_COST: '16',
        INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
        RECEIPT_SIGNING_KEY: randomBytes(32).toString('base64url'),
        SIGNUP_CREDIT_HASH_SALT: randomBytes(32).toString('base64url'),
        WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64url'),
        PAYMENTS_DISABLED: 'true',
        SMS_DISABLED: 'true',
        EMAIL_DISABLED: 'true',
        STRIPE_SECRET_KEY: '',
        TWILIO_ACCOUNT_SID: '',
        SMTP_URL: '',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('funding answers a clear 503, creates nothing, and the dashboard is told funding is unavailable', async () => {
    const { contractorId, token } = await signedIn(stack);
    const res = await stack.call('contractors-purchase-credits', {
      token,
      body: { contractor_id: contractorId, amount: 100 },
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CHANNEL_OFF_MESSAGES.funding);
    const wallet = stack.marketplace.services.get('wallet-ledger')!;
    const rows = await wallet.ctx.db
      .selectFrom('funding_sessions')
      .select('id')
      .where('contractor_id', '=', contractorId)
      .execute();
    expect(rows).toEqual([]);

    const settings = await stack.call('auto-reload-settings', { token, query: { contractor_id: contractorId } });
    expect(settings.status).toBe(200);
    expect(settings.body.funding_available).toBe(false);
    const enable = await stack.call('auto-reload-settings', {
      token,
      body: { contractor_id: contractorId, auto_reload_enabled: true },
    });
    expect(enable.status).toBe(503);
  });

  it('the payment webhook answers 503 and credits nothing', async () => {
    const res = await stack.call('stripe-webhook', {
      rawBody: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } }),
      headers: { 'stripe-signature': 't=1,v1=00', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(503);
  });

  it('forgot-password says email is unavailable instead of pretending a link was sent', async () => {
    const res = await stack.call('forgot-password', { body: { email: 'someone@example.com' } });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CHANNEL_OFF_MESSAGES.resetEmail);
  });
});
