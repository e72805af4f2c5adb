import { CONTRACTOR_MESSAGES, functionPath } from '@leadmarket/contracts';
import { buildTestApp, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ContractorsContext } from '../src/context.js';
import { service } from '../src/index.js';
import { signupBody } from './helpers.js';

// Only the contractors service, built without listening (fastify inject): wallet-ledger, lead-intake
// and matching have no address, so every call for the other parts fails.
let app: TestApp<ContractorsContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp);
});
afterAll(async () => {
  await app?.close();
});

it('answers what it has and marks the parts it could not get, never a made-up balance', async () => {
  const signup = await app.app.inject({
    method: 'POST',
    url: functionPath('contractors-signup'),
    headers: app.headers({ clientIp: '192.0.2.10' }),
    payload: signupBody(),
  });
  expect(signup.statusCode).toBe(201);
  const id: string = signup.json().contractor_id;
  const res = await app.app.inject({
    method: 'GET',
    url: functionPath('contractors-dashboard'),
    headers: app.headers({ contractorId: id }),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.contractor).toMatchObject({ id, sub_service: 'hvac', zip_codes: ['10001', '10002'] });
  expect(body.wallet_balance).toBeNull();
  expect(body.claimed_leads).toBeNull();
  for (const part of ['auto_reload', 'metrics', 'gamification', 'history_total', 'bought_counts', 'total_available'])
    expect(body[part]).toBeNull();
  expect(body.missing).toEqual([
    'claimed_leads',
    'wallet_balance',
    'auto_reload',
    'metrics',
    'gamification',
    'history_total',
    'bought_counts',
    'total_available',
  ]);
  expect(body.warning).toContain(CONTRACTOR_MESSAGES.walletUnavailable);
  expect(body.warning).toContain(CONTRACTOR_MESSAGES.reportsUnavailable);
  expect(body.warning).toContain(CONTRACTOR_MESSAGES.claimedLeadsUnavailable);
  expect(body.warning).toContain(CONTRACTOR_MESSAGES.availableLeadsUnavailable);
});
