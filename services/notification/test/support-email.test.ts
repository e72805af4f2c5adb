import { randomUUID } from 'node:crypto';
import { buildEnvelope } from '@leadmarket/platform';
import { buildTestApp, waitFor, type TestApp } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { NotificationContext } from '../src/context.js';
import { service } from '../src/index.js';

// notification alone, built without listening: its consumers read the support address from the
// service's context (SUPPORT_EMAIL of this instance), and the outbox is read with fastify's inject.
const SUPPORT_EMAIL = 'help-desk@example.org';
let app: TestApp<NotificationContext>;
beforeAll(async () => {
  app = await buildTestApp(service, buildApp, {
    env: { SUPPORT_EMAIL, TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', SMTP_URL: '' },
  });
  await app.app.ready();
});
afterAll(async () => {
  await app?.close();
});

it("emails a contact message to this instance's configured support address, and the welcome email links the dashboard", async () => {
  const message = buildEnvelope('lead-intake', {
    type: 'ContactMessageReceived',
    data: {
      message_id: randomUUID(),
      name: 'Sam Roe',
      email: 'sam@example.com',
      subject: 'Question about pricing',
      message: 'How much is a lead?',
      received_at: new Date().toISOString(),
    },
  });
  await app.infra.bus.publish(message);
  const outbox = async (to: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/internal/outbox',
      query: { channel: 'email', to },
      headers: app.headers(),
    });
    expect(res.statusCode).toBe(200);
    return res.json().messages as Array<{ subject: string; body: string; status: string }>;
  };
  const [mail] = await waitFor(async () => {
    const list = await outbox(SUPPORT_EMAIL);
    return list.length ? list : undefined;
  }, 'the support email');
  expect(mail!.subject).toBe('[Contact] Question about pricing');
  expect(mail!.body).toContain('Sam Roe <sam@example.com>');

  const contractorId = randomUUID();
  await app.infra.bus.publish(
    buildEnvelope('contractors', {
      type: 'ContractorRegistered',
      data: {
        contractor_id: contractorId,
        business_name: 'Cool Air LLC',
        contact_name: 'Pat Doe',
        email: `${contractorId}@example.com`,
        phone: '(404) 555-0101',
        industry: 'home_services',
        sub_service: 'hvac',
        zip_codes: ['30301'],
        sms_opt_in: false,
        registered_at: new Date().toISOString(),
      },
    }),
  );
  const [welcome] = await waitFor(async () => {
    const list = await outbox(`${contractorId}@example.com`);
    return list.length ? list : undefined;
  }, 'the welcome email');
  // The link is written from the instance's public base URL when the email is queued: no placeholder stored.
  expect(welcome!.body).toContain('Your dashboard: http://localhost:8080/dashboard');
  expect(welcome!.body).not.toContain('{{');
});
