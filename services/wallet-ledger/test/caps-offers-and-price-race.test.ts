import {
  publishScreenedLead,
  signUpFundedContractor,
  uniqueZip,
  type TestStack,
  testStackForFile,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { adminToken } from '../../admin/test/helpers.js';

// Across the whole marketplace: matching stops offering to a contractor a purchase would
// put past a cap, and the price on the offer SMS is the price charged even after the admin changes it.
let stack: TestStack;
testStackForFile((started) => (stack = started), {
  env: { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '', SMTP_URL: '' },
});

const matchingDb = () => stack.marketplace.services.get('matching')!.ctx.db;
const walletDb = () => stack.marketplace.services.get('wallet-ledger')!.ctx.db;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('wallet-ledger', path, options);

/** What matching knows of a wallet's caps (from spend_limits on WalletBalanceChanged, or on a sale's LeadPurchased). */
async function limitsAtMatching(contractorId: string) {
  const row = await matchingDb()
    .selectFrom('wallets')
    .select('spend_limits')
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  const v = row?.spend_limits;
  return v ? (typeof v === 'string' ? JSON.parse(v) : v) : undefined;
}

/** The contractors offered a lead, once matching has handled it (the lead leaves pending_match). */
async function offeredTo(leadId: string): Promise<string[]> {
  await waitFor(
    async () =>
      (await matchingDb().selectFrom('leads').select('status').where('lead_id', '=', leadId).executeTakeFirst())
        ?.status === 'available',
    `lead ${leadId} matched`,
    20_000,
  );
  const rows = await matchingDb().selectFrom('offers').select('contractor_id').where('lead_id', '=', leadId).execute();
  return rows.map((r) => r.contractor_id as string);
}

describe('a capped contractor receives no new offers', () => {
  it('at its daily cap, or with a maximum price below the lead price, it is left out; others are still offered', async () => {
    const zip = uniqueZip('7');
    const capped = await signUpFundedContractor(stack, { zip_codes: zip });
    const control = await signUpFundedContractor(stack, { zip_codes: zip });
    const thrifty = await signUpFundedContractor(stack, { zip_codes: zip });
    await internal('/internal/adjustments', {
      body: { contractor_id: capped.id, amount_cents: 10_000, notes: 'test funds' },
    });
    expect((await stack.call('spend-caps', { body: { session_token: capped.token, daily_cap: '20' } })).status).toBe(
      200,
    );
    expect(
      (await stack.call('spend-caps', { body: { session_token: thrifty.token, max_lead_price: '15' } })).status,
    ).toBe(200);
    await waitFor(
      async () =>
        (await limitsAtMatching(capped.id))?.daily_cap_cents === 2000 &&
        (await limitsAtMatching(thrifty.id))?.max_lead_price_cents === 1500,
      'matching knows the caps',
      20_000,
    );

    // A $20 HVAC lead: the thrifty contractor's maximum ($15) is below it.
    const first = await publishScreenedLead(stack, { zip_code: zip, sub_service: 'hvac' });
    const firstOffers = await offeredTo(first.lead_id);
    expect(firstOffers.sort()).toEqual([capped.id, control.id].sort());
    const bought = await stack.call('purchase-lead', { body: { lead_id: first.lead_id, session_token: capped.token } });
    expect(bought.status).toBe(200);
    // The purchase's LeadPurchased told matching the day's spend (ADR 0051): now at the cap.
    await waitFor(
      async () => (await limitsAtMatching(capped.id))?.spent_today_cents === 2000,
      'matching knows the spend',
      20_000,
    );

    const second = await publishScreenedLead(stack, { zip_code: zip, sub_service: 'hvac' });
    expect(await offeredTo(second.lead_id)).toEqual([control.id]);
    // And the purchase itself would be refused with the cap's message.
    const refused = await stack.call('purchase-lead', {
      body: { lead_id: second.lead_id, session_token: capped.token },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('This purchase would pass your daily cap of $20.00. It resets at midnight UTC.');
  });
});

describe('the price on the SMS is the price charged', () => {
  it('offer at the old price, the admin changes the matrix, the purchase charges the offered price', async () => {
    const zip = uniqueZip('8');
    const buyer = await signUpFundedContractor(stack, { zip_codes: zip, sub_service: 'plumbing' });
    const phone = `+1${String(buyer.body.phone).replace(/\D/g, '')}`;
    const lead = await publishScreenedLead(stack, { zip_code: zip, sub_service: 'plumbing' });
    const sms = await waitFor(
      async () => {
        const { messages } = await stack.marketplace.clients.call<{ messages: Array<{ to: string; body: string }> }>(
          'notification',
          '/internal/outbox',
          { query: { channel: 'sms', to: phone } },
        );
        return messages.find((m) => m.body.includes('/claim/'));
      },
      'the offer SMS',
      20_000,
    );
    expect(sms.body).toContain('($20.00)');

    // The admin raises plumbing to $45 between the offer and the purchase.
    await internal('/internal/lead-prices', {
      method: 'PUT',
      body: { category: 'home_services', sub_service: 'plumbing', lead_type: 'standard', price_cents: 4500 },
    });
    const before = (await internal(`/internal/wallets/${buyer.id}`)).balance_cents as number;
    const bought = await stack.call('purchase-lead', { body: { lead_id: lead.lead_id, session_token: buyer.token } });
    expect(bought.status).toBe(200);
    expect((await internal(`/internal/wallets/${buyer.id}`)).balance_cents).toBe(before - 2000);
    const purchase = await walletDb()
      .selectFrom('purchases')
      .select('price_cents')
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect(Number(purchase.price_cents)).toBe(2000);
    const receipt = await stack.call('get-lead-receipt', {
      query: { lead_id: lead.lead_id, session_token: buyer.token },
    });
    expect(receipt.body.receipt.price_cents).toBe(2000);
    // The admin's lead receipt is the buyer's, with the lead and buyer named.
    const admin = await stack.call('admin-lead-receipt', {
      token: await adminToken(stack),
      query: { lead_id: lead.lead_id },
    });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ code: receipt.body.code, receipt: receipt.body.receipt, exclusive: true });
    expect(admin.body.buyer.business_name).toBe(buyer.body.business_name);

    // The change did take effect: the next plumbing lead is priced at $45.
    const next = await publishScreenedLead(stack, { zip_code: zip, sub_service: 'plumbing' });
    const priced = await waitFor(
      () => walletDb().selectFrom('leads').select('price_cents').where('lead_id', '=', next.lead_id).executeTakeFirst(),
      'next lead priced',
      20_000,
    );
    expect(Number(priced.price_cents)).toBe(4500);
  });
});
