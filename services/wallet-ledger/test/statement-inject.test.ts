import { randomBytes } from 'node:crypto';
import { functionPath, SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import { buildEnvelope } from '@leadmarket/platform';
import { buildTestApp, waitFor, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { WalletContext } from '../src/context.js';
import { service } from '../src/index.js';
import { registeredData } from './helpers.js';

// wallet-ledger alone, built without listening: `ready` starts its consumers (the signup credit
// comes from ContractorRegistered on the bus) and the statement is read with fastify's inject.
let app: TestApp<WalletContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp);
  await app.app.ready();
});
afterAll(async () => {
  await app?.close();
});

const statementOf = (contractorId: string) =>
  app.app.inject({ method: 'GET', url: functionPath('get-wallet-statement'), headers: app.headers({ contractorId }) });

it('credits a registered contractor and shows it on their own statement only', async () => {
  const contractorId = `c_${randomBytes(6).toString('hex')}`;
  const registered = buildEnvelope('contractors', {
    type: 'ContractorRegistered',
    data: registeredData(contractorId, { industry: 'home_services', sub_service: 'hvac', sms_opt_in: false }),
  });
  await app.infra.bus.publish(registered);
  await waitFor(
    () => app.ctx.db.selectFrom('inbox').select('event_id').where('event_id', '=', registered.id).executeTakeFirst(),
    'ContractorRegistered handled',
    15_000,
  );
  const own = await statementOf(contractorId);
  expect(own.statusCode).toBe(200);
  expect(own.json()).toMatchObject({ balance_cents: SIGNUP_CREDIT_CENTS, total: 1 });
  expect(own.json().entries.map((e: { kind: string }) => e.kind)).toEqual(['signup_credit']);

  const stranger = await statementOf(`c_${randomBytes(6).toString('hex')}`);
  expect(stranger.json().entries).toEqual([]);
  // Without the gateway's contractor header there is no statement at all.
  const anonymous = await app.app.inject({
    method: 'GET',
    url: functionPath('get-wallet-statement'),
    headers: app.headers(),
  });
  expect(anonymous.statusCode).toBe(401);
});
