import { randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { service as matching } from '@leadmarket/matching';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as notification } from '../src/index.js';
import { contractorProfile, now, publish, screenedLead } from './events.js';

// Without Twilio or SMTP credentials every message goes to the development sink: the delivery
// rows, listed by GET /internal/outbox and the /dev/outbox page the gateway forwards.
const PUBLIC_BASE_URL = 'http://localhost:8080';
let stack: TestStack;

const outbox = async (query: Record<string, string> = {}) =>
  (
    await stack.marketplace.clients.call<{
      messages: Array<{ channel: string; to: string; subject: string | null; body: string; status: string }>;
    }>('notification', '/internal/outbox', { query })
  ).messages;

/**
 * Publish a reset email to a fresh address and wait for it in the outbox: it was queued after
 * whatever the test published before, so once it is there the earlier events have been dealt with.
 */
async function laterEmailArrived() {
  const to = `later.${randomUUID().slice(0, 8)}@example.com`;
  await publish(stack.infra.bus, 'contractors', {
    type: 'PasswordResetRequested',
    data: {
      user_type: 'contractor',
      email: to,
      reset_url: 'http://localhost:8080/reset-password?token=later',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  await waitFor(async () => (await outbox({ channel: 'email', to })).length > 0, 'the later email');
}

beforeAll(async () => {
  stack = await startTestStack({
    services: [matching, notification],
    env: { PUBLIC_BASE_URL, TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', SMTP_URL: '' },
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('development outbox', () => {
  it('stores the offer SMS with its claim link and shows it on /dev/outbox', async () => {
    const c = contractorProfile({ phone: '+1 (212) 555-0199', zip_codes: ['10001'] });
    await publish(stack.infra.bus, 'contractors', {
      type: 'ContractorRegistered',
      data: { ...c, registered_at: now() },
    });
    await publish(stack.infra.bus, 'wallet-ledger', {
      type: 'WalletBalanceChanged',
      data: { contractor_id: c.contractor_id, balance_cents: 2500, reason: 'signup_credit', changed_at: now() },
    });
    await waitFor(
      async () =>
        (await stack.marketplace.services
          .get('matching')!
          .ctx.db.selectFrom('wallets')
          .select('contractor_id')
          .where('contractor_id', '=', c.contractor_id)
          .executeTakeFirst()) !== undefined &&
        (await stack.marketplace.services
          .get('notification')!
          .ctx.db.selectFrom('contacts')
          .select('contractor_id')
          .where('contractor_id', '=', c.contractor_id)
          .executeTakeFirst()) !== undefined,
      'projections',
    );
    await publish(stack.infra.bus, 'screening', { type: 'LeadScreened', data: screenedLead({ zip_code: '10001' }) });
    const [sms] = await waitFor(
      async () => {
        // The lead offer, not the welcome SMS the contractor got at registration.
        const list = (await outbox({ channel: 'sms', to: '+12125550199' })).filter((m) => m.body.includes('/claim/'));
        return list.length && list[0]!.status === 'sent' ? list : undefined;
      },
      'the SMS in the outbox',
      20_000,
    );
    expect(sms!.body).toMatch(/http:\/\/localhost:8080\/claim\/[A-Za-z0-9_-]{32,}/);

    const page = await fetch(`${stack.url}/dev/outbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('+12125550199');
    expect(html).toContain('http://localhost:8080/claim/');
  });

  it('emails the reset link once per request', async () => {
    const event = await publish(stack.infra.bus, 'contractors', {
      type: 'PasswordResetRequested',
      data: {
        user_type: 'contractor',
        email: 'reset.pat@example.com',
        reset_url: 'http://localhost:8080/reset-password?token=abc',
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    await stack.infra.bus.publish(event); // redelivery
    const [mail] = await waitFor(async () => {
      const list = await outbox({ channel: 'email', to: 'reset.pat@example.com' });
      return list.length ? list : undefined;
    }, 'the reset email');
    expect(mail!.subject).toBe('Reset your leadmarket password');
    expect(mail!.body).toContain('http://localhost:8080/reset-password?token=abc');
    await laterEmailArrived();
    expect(await outbox({ channel: 'email', to: 'reset.pat@example.com' })).toHaveLength(1);
  });

  it('emails a contact message once to the support address', async () => {
    const data = {
      message_id: randomUUID(),
      name: 'Sam Roe',
      email: 'sam@example.com',
      subject: 'Question about pricing',
      message: 'How much is a lead?',
      received_at: now(),
    };
    await publish(stack.infra.bus, 'lead-intake', { type: 'ContactMessageReceived', data });
    await publish(stack.infra.bus, 'lead-intake', { type: 'ContactMessageReceived', data }); // same message, new event
    const [mail] = await waitFor(async () => {
      const list = await outbox({ channel: 'email', to: 'support@leadmarket.local' });
      return list.length ? list : undefined;
    }, 'the support email');
    expect(mail!.subject).toBe('[Contact] Question about pricing');
    expect(mail!.body).toContain('Sam Roe <sam@example.com>');
    expect(mail!.body).toContain('How much is a lead?');
    await laterEmailArrived();
    expect(await outbox({ channel: 'email', to: 'support@leadmarket.local' })).toHaveLength(1);
  });

  it('refuses status callbacks when Twilio is not configured', async () => {
    const res = await fetch(`${stack.url}/.netlify/functions/twilio-status-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      body: 'MessageSid=SM1&MessageStatus=delivered',
    });
    expect(res.status).toBe(403);
  });

  it('answers 400 to a bad outbox query', async () => {
    const res = await fetch(`${stack.marketplace.services.get('notification')!.url}/internal/outbox?channel=fax`, {
      headers: { 'x-leadmarket-internal-token': stack.marketplace.internalToken },
    });
    expect(res.status).toBe(400);
  });
});
