import { signUpContractor, startTestStack, uniqueZip, type TestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './helpers.js';

// Issue 22: the customer is told who bought their request. Every service runs: the purchase goes
// through the dashboard's purchase-lead; lead-intake emits CustomerToBeTold with the contact, and
// notification names the buyer's business and phone (from its contractor projection).
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ env: { LEAD_SUBMIT_RATE_LIMIT: '1000', SCREENING_IP_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.stop();
});

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  status: string;
}
const outbox = async (): Promise<OutboxMessage[]> =>
  (await stack.marketplace.clients.call<{ messages: OutboxMessage[] }>('notification', '/internal/outbox')).messages;

describe('the customer is told who bought the lead', () => {
  it('texts and emails the customer the buyer business name and phone within 2 s of the purchase', async () => {
    const zip = uniqueZip('4');
    const buyer = await signUpContractor(stack, {
      business_name: 'Cool Air Brothers',
      phone: '(713) 555-0188',
      zip_codes: zip,
      sms_opt_in: false,
    });
    await waitFor(
      async () =>
        (
          await stack.marketplace.clients.call<{ balance_cents: number }>(
            'wallet-ledger',
            `/internal/wallets/${buyer.id}`,
          )
        ).balance_cents >= 2500,
      'signup credit',
      10_000,
    );
    const body = leadBody({ zip_code: zip, sub_service: 'hvac', customer_name: 'Peggy Hill', phone: '(713) 555-0151' });
    const submitted = await stack.call('leads-submit', { body });
    expect(submitted.body.status).toBe('valid');
    const leadId = submitted.body.lead_id as string;
    // The dashboard shows the lead once matching offered it; buy it there.
    await waitFor(
      async () => {
        const res = await stack.call('contractors-available-leads', {
          query: { contractor_id: buyer.id },
          token: buyer.token,
        });
        return (res.body.available_leads as Array<{ id: string }> | undefined)?.some((l) => l.id === leadId);
      },
      'the lead on the buyer dashboard',
      10_000,
    );

    const purchased = await stack.call('purchase-lead', { body: { lead_id: leadId }, token: buyer.token });
    expect(purchased.status, JSON.stringify(purchased.body)).toBe(200);
    const boughtAt = Date.now();

    const told = await waitFor(
      async () => {
        const mine = (await outbox()).filter((m) => m.to === '+17135550151' || m.to === body.email);
        const sms = mine.find((m) => m.channel === 'sms' && m.status === 'sent');
        const email = mine.find((m) => m.channel === 'email' && m.status === 'sent');
        return sms && email ? { sms, email } : undefined;
      },
      'the customer SMS and email',
      10_000,
    );
    expect(Date.now() - boughtAt).toBeLessThan(2000);
    expect(told.sms.body).toContain('Cool Air Brothers');
    expect(told.sms.body).toContain('(713) 555-0188');
    expect(told.sms.body).toContain('Expect a call within 15 minutes');
    expect(told.sms.body).toContain('Hi Peggy');
    expect(told.email.subject).toContain('Cool Air Brothers');
    expect(told.email.body).toContain('(713) 555-0188');
    // Told once: a second purchase attempt (refused) changes nothing.
    expect((await stack.call('purchase-lead', { body: { lead_id: leadId }, token: buyer.token })).status).not.toBe(500);
    expect((await outbox()).filter((m) => m.to === '+17135550151')).toHaveLength(1);
  });
});
