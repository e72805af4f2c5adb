import { randomUUID } from 'node:crypto';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { service as notification } from '../src/index.js';
import { contractorProfile, now, publish } from './events.js';

// What a contractor is told about their own account: the welcome naming the contractor ID, refund
// decisions and card receipts, through the development outbox (no Twilio or SMTP here).
let stack: TestStack;
type Message = { channel: string; to: string; subject: string | null; body: string };
const outbox = async (query: Record<string, string>) =>
  (await stack.marketplace.clients.call<{ messages: Message[] }>('notification', '/internal/outbox', { query }))
    .messages;
const until = (query: Record<string, string>, n: number, what: string) =>
  waitFor(async () => {
    const list = await outbox(query);
    return list.length >= n ? list : undefined;
  }, what);

testStackForFile((started) => (stack = started), {
  services: [notification],
  env: { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', SMTP_URL: '' },
});

async function registered(over: Parameters<typeof contractorProfile>[0] & { email?: string } = {}) {
  const email = over.email ?? `c.${randomUUID().slice(0, 8)}@example.com`;
  const c = { ...contractorProfile(over), email, contact_name: 'Pat Doe' };
  const event = await publish(stack.infra.bus, 'contractors', {
    type: 'ContractorRegistered',
    data: { ...c, registered_at: now() },
  });
  return { c, event };
}

describe('messages to the contractor', () => {
  it('welcomes a consenting contractor by email and SMS, both naming the contractor ID, once', async () => {
    const { c, event } = await registered({ phone: '(303) 555-0142', sms_opt_in: true });
    await stack.infra.bus.publish(event); // redelivery
    const [mail] = await until({ channel: 'email', to: c.email }, 1, 'welcome email');
    expect(mail!.subject).toBe(`Welcome to leadmarket - your contractor ID is ${c.contractor_id}`);
    expect(mail!.body).toContain(`Your contractor ID: ${c.contractor_id}`);
    expect(mail!.body).toContain('$25.00 of free credit');
    expect(mail!.body).toContain('We text you each new lead');
    const [sms] = await until({ channel: 'sms', to: '+13035550142' }, 1, 'welcome SMS');
    expect(sms!.body).toContain(c.contractor_id);
    // A later event (the receipt below) proves the redelivery had its chance to queue a duplicate.
    await publish(stack.infra.bus, 'wallet-ledger', {
      type: 'WalletFunded',
      data: {
        contractor_id: c.contractor_id,
        amount_cents: 25_000,
        balance_cents: 27_500,
        source: 'auto_reload',
        funded_at: now(),
      },
    });
    const mails = await until({ channel: 'email', to: c.email }, 2, 'receipt');
    expect(mails.filter((m) => m.subject?.startsWith('Welcome'))).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Receipt: $250.00 added to your leadmarket wallet');
    expect(mails[0]!.body).toContain('Automatic reload of $250.00');
    expect(mails[0]!.body).toContain('Wallet balance after this payment: $275.00.');
    expect(await outbox({ channel: 'sms', to: '+13035550142' })).toHaveLength(1);
  });

  it('tells a contractor without SMS consent that no texts will come, and sends no SMS', async () => {
    const { c } = await registered({ phone: '(303) 555-0143', sms_opt_in: false });
    const [mail] = await until({ channel: 'email', to: c.email }, 1, 'welcome email');
    expect(mail!.body).toContain('we will not text you new leads');
    // The refund decision after it is processed in order, so by then any welcome SMS would be queued.
    const refund = {
      refund_id: randomUUID(),
      lead_id: randomUUID(),
      contractor_id: c.contractor_id,
      decision: 'rejected' as const,
      amount_cents: 2000,
      decided_at: now(),
      admin_notes: 'The customer confirmed the appointment.',
    };
    await publish(stack.infra.bus, 'wallet-ledger', { type: 'RefundDecided', data: refund });
    const mails = await until({ channel: 'email', to: c.email }, 2, 'refund decision email');
    expect(mails[0]!.subject).toBe(`Refund request for lead ${refund.lead_id.slice(0, 8)} was declined`);
    expect(mails[0]!.body).toContain('Note from our team: The customer confirmed the appointment.');
    expect(await outbox({ channel: 'sms', to: '+13035550143' })).toHaveLength(0);
  });

  it('emails and texts an approved refund; gives no receipt for credits that were not card charges', async () => {
    const { c } = await registered({ phone: '(303) 555-0144', sms_opt_in: true });
    await until({ channel: 'email', to: c.email }, 1, 'welcome email');
    await publish(stack.infra.bus, 'wallet-ledger', {
      type: 'WalletFunded',
      data: {
        contractor_id: c.contractor_id,
        amount_cents: 2500,
        balance_cents: 2500,
        source: 'signup_credit',
        funded_at: now(),
      },
    });
    const refund = {
      refund_id: randomUUID(),
      lead_id: randomUUID(),
      contractor_id: c.contractor_id,
      decision: 'approved' as const,
      amount_cents: 3000,
      decided_at: now(),
    };
    await publish(stack.infra.bus, 'wallet-ledger', { type: 'RefundDecided', data: refund });
    const mails = await until({ channel: 'email', to: c.email }, 2, 'refund decision email');
    expect(mails.map((m) => m.subject)).toEqual([
      'Refund approved: $30.00 is back in your wallet',
      `Welcome to leadmarket - your contractor ID is ${c.contractor_id}`,
    ]);
    const texts = await until({ channel: 'sms', to: '+13035550144' }, 2, 'refund decision SMS');
    expect(texts[0]!.body).toContain('$30.00 is back in your wallet');
  });
});
