import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import type { ServiceDefinition } from '@leadmarket/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { service as admin } from '../src/index.js';
import { adminToken, auditOf } from './helpers.js';

// Owners that exist but have built none of their internal routes (as while their issues are open),
// and no contractors service at all.
const unbuilt = (name: 'wallet-ledger' | 'lead-intake'): ServiceDefinition => ({ name, migrations: {}, register() {} });

let stack: TestStack;
let token: string;
beforeAll(async () => {
  stack = await startTestStack({ services: [admin, unbuilt('wallet-ledger'), unbuilt('lead-intake')] });
  token = await adminToken(stack);
});
afterAll(async () => {
  await stack?.stop();
});

it('answers 502 naming the missing owner route, never invented data, and audits nothing', async () => {
  const pricing = await stack.call('admin-lead-pricing', { token });
  expect(pricing.status).toBe(502);
  expect(pricing.body.message).toBe('wallet-ledger does not provide /internal/lead-prices yet');
  const put = await stack.call('admin-lead-pricing', {
    method: 'PUT',
    token,
    body: { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price: 30 },
  });
  expect(put.status).toBe(502);
  expect(await auditOf(stack, token, 'lead_price.update')).toHaveLength(0);
  const leads = await stack.call('admin-site-messages', { token });
  expect(leads.status).toBe(502);
});

it('answers 503 when an owner cannot be reached', async () => {
  const stats = await stack.call('admin-stats', { token });
  expect(stats.status).toBe(503);
  const contractors = await stack.call('admin-contractors', { token });
  expect(contractors.status).toBe(503);
});
