import { randomBytes, randomUUID } from 'node:crypto';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { sessionCache } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { service as walletLedger } from '@leadmarket/wallet-ledger';
import { describe, expect, it } from 'vitest';
import { service as notification } from '../src/index.js';
import { contractorProfile, now, publish, screenedLead } from './events.js';

// The low-balance email across the two services that make it: wallet-ledger decides that a debit took
// the wallet below the cheapest lead of the contractor's category (WalletBalanceLow), notification
// emails it. Once per fall: purchases and debits while already below send nothing more.
let stack: TestStack;
type Message = { channel: string; to: string; subject: string | null; body: string };

const walletDb = () => stack.marketplace.services.get('wallet-ledger')!.ctx.db;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);
const emailsTo = async (to: string) =>
  (
    await stack.marketplace.clients.call<{ messages: Message[] }>('notification', '/internal/outbox', {
      query: { channel: 'email', to },
    })
  ).messages;
const untilEmails = (to: string, n: number, what: string) =>
  waitFor(async () => {
    const list = await emailsTo(to);
    return list.length >= n ? list : undefined;
  }, what);
const lowBalanceEmails = async (to: string) =>
  (await emailsTo(to)).filter((m) => m.subject?.startsWith('Your leadmarket balance is'));

testStackForFile((started) => (stack = started), {
  services: [walletLedger, notification],
  env: { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', SMTP_URL: '' },
});

/** A registered, signed-in contractor in `category` with the $25 signup credit in the wallet. */
async function contractor(category: string) {
  const profile = {
    ...contractorProfile({ industry: category, sms_opt_in: false }),
    email: `low.${randomUUID().slice(0, 8)}@example.com`,
  };
  await publish(stack.infra.bus, 'contractors', {
    type: 'ContractorRegistered',
    data: { ...profile, registered_at: now() },
  });
  await untilEmails(profile.email, 1, 'welcome email');
  await waitFor(
    () =>
      walletDb()
        .selectFrom('ledger_transactions')
        .select('id')
        .where('reference', '=', `signup:${profile.contractor_id}`)
        .executeTakeFirst(),
    'signup credit',
  );
  const token = randomBytes(32).toString('base64url');
  await sessionCache(stack.infra.kv).put('contractor', token, profile.contractor_id, 3600);
  return { ...profile, token };
}

async function lead(category: string) {
  const data = screenedLead({ service_category: category });
  await publish(stack.infra.bus, 'screening', { type: 'LeadScreened', data });
  await waitFor(
    () => walletDb().selectFrom('leads').select('lead_id').where('lead_id', '=', data.lead_id).executeTakeFirst(),
    'lead price fixed',
  );
  return data.lead_id;
}

const buy = async (leadId: string, token: string) =>
  (await stack.call('purchase-lead', { body: { lead_id: leadId, session_token: token } })).status;
const adjust = (contractorId: string, amountCents: number) =>
  internal('/internal/adjustments', {
    body: { contractor_id: contractorId, amount_cents: amountCents, notes: 'test', admin_id: 'adm' },
  });

describe('low-balance email', () => {
  it('emails once when a purchase takes the wallet below the cheapest lead, not again while below, again after refilling', async () => {
    const category = `lowbal_${randomUUID().slice(0, 6)}`;
    // The cheapest lead here is $15 (premium), not the $20 default of the other tiers.
    await walletDb()
      .insertInto('lead_prices')
      .values({ category, lead_type: 'premium', price_cents: 1500, updated_at: new Date() })
      .execute();
    const c = await contractor(category);

    // $25 → $5: below $15, the first fall.
    expect(await buy(await lead(category), c.token)).toBe(200);
    const [first] = await waitFor(async () => {
      const list = await lowBalanceEmails(c.email);
      return list.length ? list : undefined;
    }, 'low-balance email');
    expect(first!.subject).toBe('Your leadmarket balance is $5.00: add funds to keep buying leads');
    expect(first!.body).toContain('less than the cheapest');
    expect(first!.body).toContain('($15.00)');

    // Still below: an admin debit ($5 → $0) sends nothing; the second fall's email, processed after it,
    // proves there was time for one.
    await adjust(c.contractor_id, -500);
    await adjust(c.contractor_id, 3000); // $30
    // $30 → $10 with a $20 standard lead: a new fall below $15, a second email.
    expect(await buy(await lead(category), c.token)).toBe(200);
    const both = await waitFor(async () => {
      const list = await lowBalanceEmails(c.email);
      return list.length >= 2 ? list : undefined;
    }, 'second low-balance email');
    expect(both).toHaveLength(2);
    expect(both[0]!.subject).toBe('Your leadmarket balance is $10.00: add funds to keep buying leads');
    expect(both.filter((m) => m.subject?.includes('$0.00'))).toHaveLength(0);
  });

  it('says nothing while the wallet can still buy the cheapest lead, or when auto-reload with a card will top it up', async () => {
    const category = `lowbal_${randomUUID().slice(0, 6)}`;
    const c = await contractor(category);
    await adjust(c.contractor_id, 2500); // $50
    expect(await buy(await lead(category), c.token)).toBe(200); // $30: still above the $20 lead
    // Auto-reload on with a saved card (threshold $10, so $10 left does not start a charge here).
    await walletDb()
      .updateTable('wallet_settings')
      .set({
        auto_reload_enabled: true,
        auto_reload_threshold_cents: 1000,
        stripe_customer_id: 'cus_test',
        stripe_payment_method_id: 'pm_test',
      })
      .where('contractor_id', '=', c.contractor_id)
      .execute();
    expect(await buy(await lead(category), c.token)).toBe(200); // $10: below, but a reload will follow
    await walletDb()
      .updateTable('wallet_settings')
      .set({ auto_reload_enabled: false })
      .where('contractor_id', '=', c.contractor_id)
      .execute();
    // Auto-reload off: $10 → $20 → $5 by admin debit is a fall, and the only email of this contractor.
    await adjust(c.contractor_id, 1000);
    await adjust(c.contractor_id, -1500);
    const list = await waitFor(async () => {
      const found = await lowBalanceEmails(c.email);
      return found.length ? found : undefined;
    }, 'low-balance email after an admin debit');
    expect(list.map((m) => m.subject)).toEqual(['Your leadmarket balance is $5.00: add funds to keep buying leads']);
  });
});
