import { randomUUID } from 'node:crypto';
import {
  contractorRegisteredData,
  publishLeadPriced,
  screenedLeadData,
  startTestStack,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { buildEnvelope } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as matching } from '../src/index.js';

// Matching offers a lead only at the price wallet-ledger fixed and announced in LeadPriced: no HTTP
// call, no fallback. wallet-ledger does not run here; the tests publish its LeadPriced themselves.
let stack: TestStack;
const db = () => stack.marketplace.services.get('matching')!.ctx.db;
const at = () => new Date().toISOString();

async function contractorWithBalance(balance: number, zip: string) {
  const id = randomUUID();
  const events = [
    buildEnvelope('contractors', {
      type: 'ContractorRegistered',
      data: contractorRegisteredData({
        contractor_id: id,
        industry: 'legal',
        sub_service: 'family_law',
        zip_codes: [zip],
      }),
    }),
    buildEnvelope('wallet-ledger', {
      type: 'WalletBalanceChanged',
      data: { contractor_id: id, balance_cents: balance, reason: 'checkout', changed_at: at() },
    }),
  ];
  for (const e of events) await stack.infra.bus.publish(e);
  await waitFor(
    async () =>
      (await db().selectFrom('wallets').select('contractor_id').where('contractor_id', '=', id).executeTakeFirst()) !==
      undefined,
    'wallet projected',
  );
  return id;
}

const matchedLead = (leadId: string) =>
  waitFor(
    async () => {
      const row = await db().selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
      return row?.status === 'available' ? row : undefined;
    },
    `lead ${leadId} matched`,
    10_000,
  );

const legalLead = (zip: string, extra: Record<string, unknown> = {}) => ({
  service_category: 'Legal',
  sub_service: 'Family Law',
  zip_code: zip,
  urgency: 'Premium' as const,
  description: 'Need advice on a custody agreement.',
  ...extra,
});

beforeAll(async () => {
  stack = await startTestStack({ services: [matching], env: { MATCHING_SWEEP_MS: '100' } });
});

afterAll(async () => {
  await stack?.stop();
});

describe('lead price from LeadPriced', () => {
  it('offers only contractors who can afford the fixed price, at that price', async () => {
    const zip = '73301';
    const rich = await contractorWithBalance(5000, zip);
    const short = await contractorWithBalance(4499, zip);
    const lead = screenedLeadData(legalLead(zip, { preferred_contractor_id: short }));
    await publishLeadPriced(stack, lead, 4500);
    const row = await matchedLead(lead.lead_id);
    expect(Number(row.price_cents)).toBe(4500);
    expect(row.lead_type).toBe('premium');
    const offers = await db()
      .selectFrom('offers')
      .select('contractor_id')
      .where('lead_id', '=', lead.lead_id)
      .execute();
    // The customer asked for `short`, but it cannot afford the lead: never offered.
    expect(offers.map((o) => o.contractor_id)).toEqual([rich]);
    const matched = (await db().selectFrom('outbox').select('envelope').where('type', '=', 'LeadMatched').execute())
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
      .find((e) => e.data.lead_id === lead.lead_id);
    expect(matched.data.price_cents).toBe(4500);
  });

  it('an Emergency lead is offered at its own fixed price and type', async () => {
    const zip = '73310';
    const id = await contractorWithBalance(9000, zip);
    const lead = screenedLeadData(legalLead(zip, { urgency: 'Emergency' as const }));
    await publishLeadPriced(stack, lead, 6100);
    const row = await matchedLead(lead.lead_id);
    expect(Number(row.price_cents)).toBe(6100);
    expect(row.lead_type).toBe('emergency');
    const offers = await db()
      .selectFrom('offers')
      .select('contractor_id')
      .where('lead_id', '=', lead.lead_id)
      .execute();
    expect(offers.map((o) => o.contractor_id)).toEqual([id]);
  });
});
