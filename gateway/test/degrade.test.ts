import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES, SERVICE_DOWN_RETRY_AFTER_SECONDS, SERVICE_LABELS } from '@leadmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpContractor, startTestStack, type TestStack } from '../src/testing/test-stack.js';

const SHELL = '<!doctype html><html><body><div id="root">degrade test</div></body></html>';

describe('one service down: the gateway degrades, it does not fail whole', () => {
  let stack: TestStack;
  let webRoot: string;
  let contractor: { id: string; token: string };

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'lm-degrade-web-'));
    writeFileSync(join(webRoot, 'index.html'), SHELL);
    stack = await startTestStack({ webRoot });
    contractor = await signUpContractor(stack);
    // wallet-ledger stops, as a crashed or drained pod whose replacement has not started yet.
    await stack.marketplace.services.get('wallet-ledger')!.stop();
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(new URL(path, stack.url));

  it('stays ready and serves the SPA', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', failed: [] });
    const page = await get('/contractor-login');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(SHELL);
  });

  it('reports the stopped service on /readyz/services', async () => {
    const res = await get('/readyz/services');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { failed: string[] }).failed).toEqual(['wallet-ledger']);
  });

  it("answers that service's functions 503 with a plain message and Retry-After", async () => {
    const expected = MESSAGES.server.serviceDown(SERVICE_LABELS['wallet-ledger'], SERVICE_DOWN_RETRY_AFTER_SECONDS);
    const calls = [
      await stack.call('get-category-pricing'),
      await stack.call('get-wallet-statement', { query: { contractor_id: contractor.id }, token: contractor.token }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(expected);
      expect(res.headers.get('retry-after')).toBe(String(SERVICE_DOWN_RETRY_AFTER_SECONDS));
    }
  });

  it('answers the other services normally', async () => {
    const industries = await stack.call('industries');
    expect(industries.status).toBe(200);
    const auth = await stack.call('contractor-auth-check', {
      body: { contractor_id: contractor.id },
      token: contractor.token,
    });
    expect(auth.status).toBe(200);
    const leads = await stack.call('contractors-available-leads', {
      query: { contractor_id: contractor.id },
      token: contractor.token,
    });
    expect(leads.status).toBe(200);
  });
});
