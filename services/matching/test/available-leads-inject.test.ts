import { functionPath } from '@leadmarket/contracts';
import { buildTestApp, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { MatchingContext } from '../src/context.js';
import { service } from '../src/index.js';

// matching alone, built without listening and called with fastify's inject: the service trusts
// only requests carrying the internal token, and answers for the contractor the gateway names.
let app: TestApp<MatchingContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp);
});
afterAll(async () => {
  await app?.close();
});

const url = functionPath('contractors-available-leads');

it('answers only requests from the gateway, for the contractor it names', async () => {
  const bypass = await app.app.inject({ method: 'GET', url, headers: { 'x-leadmarket-contractor-id': 'c_1' } });
  expect(bypass.statusCode).toBe(403);

  const anonymous = await app.app.inject({ method: 'GET', url, headers: app.headers() });
  expect(anonymous.statusCode).toBe(401);

  const unknown = await app.app.inject({ method: 'GET', url, headers: app.headers({ contractorId: 'c_nobody' }) });
  expect(unknown.statusCode).toBe(200);
  expect(unknown.json()).toEqual({ available_leads: [], total_available: 0 });
});
