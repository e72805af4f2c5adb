import { CONTRACTOR_MESSAGES } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { service } from '../src/index.js';
import { signUp } from './helpers.js';

// Only the contractors service runs: wallet-ledger, lead-intake and matching cannot be reached.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ services: [service] });
});
afterAll(async () => {
  await stack?.stop();
});

it('answers what it has and marks the parts it could not get, never a made-up balance', async () => {
  const { id, token } = await signUp(stack);
  const res = await stack.call('contractors-dashboard', { query: { contractor_id: id, session_token: token } });
  expect(res.status).toBe(200);
  expect(res.body.contractor).toMatchObject({ id, sub_service: 'hvac', zip_codes: ['10001', '10002'] });
  expect(res.body.wallet_balance).toBeNull();
  expect(res.body.claimed_leads).toBeNull();
  for (const part of ['auto_reload', 'metrics', 'gamification', 'history_total', 'bought_counts', 'available'])
    expect(res.body[part]).toBeNull();
  expect(res.body.missing).toEqual([
    'claimed_leads',
    'wallet_balance',
    'auto_reload',
    'metrics',
    'gamification',
    'history_total',
    'bought_counts',
    'available',
  ]);
  expect(res.body.warning).toContain(CONTRACTOR_MESSAGES.walletUnavailable);
  expect(res.body.warning).toContain(CONTRACTOR_MESSAGES.reportsUnavailable);
  expect(res.body.warning).toContain(CONTRACTOR_MESSAGES.claimedLeadsUnavailable);
  expect(res.body.warning).toContain(CONTRACTOR_MESSAGES.availableLeadsUnavailable);
});
