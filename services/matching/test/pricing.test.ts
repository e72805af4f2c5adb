import { randomUUID } from 'node:crypto';
import {
  contractorRegisteredData,
  publishScreenedLead,
  startTestStack,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { buildEnvelope, notFound } from '@leadmarket/platform';
import { standIn, waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as matching } from '../src/index.js';

// Matching asks wallet-ledger for a lead's price over internal HTTP before matching. A stand-in
// wallet-ledger (the real one is built in another issue) answers GET /internal/leads/:id/price:
// first "not found" (it has not seen the lead yet), then the premium price.
const asked: string[] = [];
const fakeWalletLedger = standIn({
  name: 'wallet-ledger',
  register(app) {
    app.get('/internal/leads/:id/price', async (request) => {
      const { id } = request.params as { id: string };
      asked.push(id);
      if (asked.filter((a) => a === id).length === 1) throw notFound('Lead not priced yet');
      return { lead_id: id, price_cents: 4500, lead_type: 'premium' };
    });
  },
});

let stack: TestStack;
const db = () => stack.marketplace.services.get('matching')!.ctx.db;
const at = () => new Date().toISOString();

async function contractorWithBalance(balance: number) {
  const id = randomUUID();
  const events = [
    buildEnvelope('contractors', {
      type: 'ContractorRegistered',
      data: contractorRegisteredData({
        contractor_id: id,
        industry: 'legal',
        sub_service: 'family_law',
        zip_codes: ['73301'],
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

beforeAll(async () => {
  stack = await startTestStack({ services: [fakeWalletLedger, matching], env: { MATCHING_SWEEP_MS: '100' } });
});

afterAll(async () => {
  await stack?.stop();
});

describe('lead price from wallet-ledger', () => {
  it('waits for the price, then offers only contractors who can afford it', async () => {
    const rich = await contractorWithBalance(5000);
    const short = await contractorWithBalance(4499);
    const { lead_id: leadId } = await publishScreenedLead(stack, {
      service_category: 'Legal',
      sub_service: 'Family Law',
      zip_code: '73301',
      urgency: 'Premium',
      description: 'Need advice on a custody agreement.',
      preferred_contractor_id: short,
    });
    const lead = await waitFor(
      async () => {
        const row = await db().selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
        return row?.status === 'available' ? row : undefined;
      },
      'lead matched',
      5000,
    );
    expect(asked.filter((a) => a === leadId)).toHaveLength(2);
    expect(Number(lead.price_cents)).toBe(4500);
    expect(lead.lead_type).toBe('premium');
    const offers = await db().selectFrom('offers').select('contractor_id').where('lead_id', '=', leadId).execute();
    // The customer asked for `short`, but it cannot afford the lead: never offered.
    expect(offers.map((o) => o.contractor_id)).toEqual([rich]);
  });
});
