import { randomUUID } from 'node:crypto';
import { buildEnvelope } from '@leadmarket/platform';
import { buildTestApp, waitFor, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ScreeningContext } from '../src/context.js';
import { service } from '../src/index.js';

// screening alone, built without listening: readiness answers through fastify's inject, and the
// consumers its `ready` started screen a LeadSubmitted with the limits of this instance's config.
let app: TestApp<ScreeningContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp, {
    env: { SCREENING_IP_LIMIT: '1', SCREENING_IP_WINDOW_SECONDS: '3600' },
  });
});
afterAll(async () => {
  await app?.close();
});

const submitted = (clientIpHash: string) =>
  buildEnvelope('lead-intake', {
    type: 'LeadSubmitted',
    data: {
      lead_id: randomUUID(),
      customer_name: 'Sam Rivera',
      phone: `+1212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      email: 'sam.rivera@example.org',
      zip_code: '60601',
      service_category: 'home_services',
      sub_service: `electrical-${randomUUID().slice(0, 6)}`,
      description: 'Two outlets in the living room stopped working after a storm.',
      urgency: 'Emergency',
      preferred_contractor_id: null,
      client_ip_hash: clientIpHash,
      is_test: false,
      submitted_at: new Date().toISOString(),
    },
  });

const verdictOf = (leadId: string) =>
  waitFor(
    () =>
      app.ctx.db
        .selectFrom('screenings')
        .select(['status', 'ip_rate_ok'])
        .where('lead_id', '=', leadId)
        .executeTakeFirst(),
    `the verdict of ${leadId}`,
    15_000,
  );

it('is ready, and screens with the IP limit of its own configuration', async () => {
  const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json().status).toBe('ready');

  const ip = `ip-${randomUUID()}`;
  const first = submitted(ip);
  await app.infra.bus.publish(first);
  expect((await verdictOf(first.data.lead_id)).status).toBe('valid');
  const second = submitted(ip);
  await app.infra.bus.publish(second);
  const verdict = await verdictOf(second.data.lead_id);
  expect(verdict).toMatchObject({ status: 'rejected', ip_rate_ok: false });
});
