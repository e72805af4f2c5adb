import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts';
import type { TestStack } from '@leadmarket/gateway/testing';
import type { RunningService } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { PURCHASE_MESSAGES } from '../src/use-cases/purchase-lead.js';
import { balanceOf, ledgerCheck, publish, register, screenLead, signIn, walletStackForFile } from './helpers.js';

// A dashboard purchase is only of a lead offered to the buyer or in its trade and ZIP codes (the
// leads its dashboard lists); anything else is a clear 403 and moves no money.
let stack: TestStack;
let wallet: RunningService;

walletStackForFile((started) => ({ stack, wallet } = started));

/** A registered contractor: HVAC / Repair in 12345 (see register()). */
async function contractor() {
  const a = await signIn(stack);
  await register(stack, wallet, a.contractorId);
  return a;
}
const target = async (id: string) => {
  const row = await wallet.ctx.db
    .selectFrom('contractor_targets')
    .select(['zip_codes', 'deleted'])
    .where('contractor_id', '=', id)
    .executeTakeFirst();
  return row && { deleted: Boolean(row.deleted), zip_codes: row.zip_codes as string[] };
};
const buy = (token: string, leadId: string) =>
  stack.call('purchase-lead', { body: { lead_id: leadId, session_token: token } });

describe('purchase-lead eligibility', () => {
  it('refuses a lead outside the buyer’s ZIP codes or trade that was never offered to it, moving nothing', async () => {
    const a = await contractor();
    const otherZip = await screenLead(stack, wallet, { zip_code: '99501' });
    const otherTrade = await screenLead(stack, wallet, { service_category: 'Roofing', sub_service: 'roofing' });
    for (const leadId of [otherZip, otherTrade]) {
      const res = await buy(a.token, leadId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PURCHASE_MESSAGES.notForYou);
    }
    expect(await balanceOf(stack, a.contractorId)).toBe(SIGNUP_CREDIT_CENTS);
    const sold = await wallet.ctx.db
      .selectFrom('purchases')
      .select('lead_id')
      .where('lead_id', 'in', [otherZip, otherTrade])
      .execute();
    expect(sold).toEqual([]);
    expect((await ledgerCheck(stack)).ok).toBe(true);
  });

  it('sells a lead in the buyer’s trade and ZIP, and one offered to it outside them', async () => {
    const a = await contractor();
    const inArea = await screenLead(stack, wallet);
    expect((await buy(a.token, inArea)).status).toBe(200);

    const b = await contractor();
    const offered = await screenLead(stack, wallet, { zip_code: '99502' });
    await publish(stack, 'LeadMatched', {
      lead_id: offered,
      service_category: 'HVAC',
      sub_service: 'Repair',
      zip_code: '99502',
      price_cents: 2000,
      offers: [
        {
          contractor_id: b.contractorId,
          rank: 1,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      ],
      matched_at: new Date().toISOString(),
    });
    await waitFor(
      () =>
        wallet.ctx.db
          .selectFrom('lead_offers')
          .select('lead_id')
          .where('lead_id', '=', offered)
          .where('contractor_id', '=', b.contractorId)
          .executeTakeFirst(),
      'the offer recorded',
      20_000,
    );
    expect((await buy(b.token, offered)).status).toBe(200);
  });

  it('follows profile changes and deletion: a new ZIP code opens its leads, deletion closes all', async () => {
    const a = await contractor();
    const moved = await screenLead(stack, wallet, { zip_code: '60601' });
    expect((await buy(a.token, moved)).status).toBe(403);
    await publish(stack, 'ContractorProfileUpdated', {
      contractor_id: a.contractorId,
      business_name: 'Acme',
      contact_name: 'Ann',
      email: `${a.contractorId}@example.com`,
      phone: '+15555550100',
      industry: 'HVAC',
      sub_service: 'Repair',
      zip_codes: ['60601'],
      sms_opt_in: true,
      updated_at: new Date().toISOString(),
    });
    await waitFor(async () => (await target(a.contractorId))?.zip_codes.includes('60601'), 'the new ZIP code', 20_000);
    expect((await buy(a.token, moved)).status).toBe(200);

    const b = await contractor();
    const lead = await screenLead(stack, wallet);
    await publish(stack, 'ContractorDeleted', { contractor_id: b.contractorId, deleted_at: new Date().toISOString() });
    await waitFor(async () => (await target(b.contractorId))?.deleted, 'the deletion', 20_000);
    expect((await buy(b.token, lead)).status).toBe(403);
  });
});
