import { randomBytes } from 'node:crypto';
import { CLAIM_MESSAGES, MESSAGES, type InternalOffer } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { hashToken, HttpError, type RunningService } from '@leadmarket/platform';
import { standIn, waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../src/index.js';
import { balanceOf, publish, register, screenLead } from './helpers.js';

// The claim link's purchase at wallet-ledger, with matching and lead-intake stood in for: matching
// answers the offer behind a token's hash, lead-intake the bought lead's contact. Either can be made
// to fail, to show what the buyer is told and that nothing but the sale is written.
const offers = new Map<string, InternalOffer>();
const down = { matching: false, leadIntake: false };
const contactReads: string[] = [];

const matching = standIn({
  name: 'matching',
  register(app) {
    app.get<{ Params: { hash: string } }>('/internal/offers/by-token-hash/:hash', async (request) => {
      if (down.matching) throw new HttpError(500, 'matching failing');
      const offer = offers.get(request.params.hash);
      if (!offer) throw new HttpError(404, 'Offer not found');
      return { offer };
    });
  },
});

const leadIntake = standIn({
  name: 'lead-intake',
  register(app) {
    app.get<{ Params: { id: string } }>('/internal/leads/:id/contact', async (request) => {
      if (down.leadIntake) throw new HttpError(500, 'lead-intake failing');
      contactReads.push(request.params.id);
      return {
        lead: {
          id: request.params.id,
          customer_name: 'Rita Moreno',
          phone: '+16175550177',
          email: 'rita@example.com',
          zip_code: '12345',
          service_category: 'HVAC',
          sub_service: 'Repair',
          description: 'Furnace is out',
          urgency: 'Standard',
          price: null,
          created_at: new Date().toISOString(),
        },
      };
    });
  },
});

let stack: TestStack;
let wallet: RunningService;

beforeAll(async () => {
  stack = await startTestStack({ services: [service, matching, leadIntake] });
  wallet = stack.marketplace.services.get('wallet-ledger') as RunningService;
});
afterAll(async () => {
  await stack?.stop();
});

/** A registered contractor ($25) and a priced lead offered to it through a claim link. */
async function offered({ expired = false }: { expired?: boolean } = {}) {
  const contractorId = `c_${randomBytes(6).toString('hex')}`;
  await register(stack, wallet, contractorId);
  const leadId = await screenLead(stack, wallet);
  const token = randomBytes(32).toString('base64url');
  offers.set(hashToken(token), {
    lead_id: leadId,
    contractor_id: contractorId,
    rank: 1,
    round: 1,
    offered_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + (expired ? -1000 : 3600_000)).toISOString(),
    price_cents: 2000,
  });
  return { contractorId, leadId, token };
}

const claim = (token: string, contractorId: string) =>
  stack.call('leads-claim-post', { body: { token, contractor_id: contractorId } });

const sales = (leadId: string) =>
  wallet.ctx.db.selectFrom('purchases').select(['contractor_id', 'channel']).where('lead_id', '=', leadId).execute();

describe('leads-claim-post at wallet-ledger', () => {
  it('sells to the link’s contractor on the dashboard’s path and answers with the contact read from lead-intake', async () => {
    const { contractorId, leadId, token } = await offered();
    const res = await claim(token, contractorId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.contractorSuccess.leadPurchased,
      lead: expect.objectContaining({ id: leadId, customer_name: 'Rita Moreno', phone: '+16175550177', price: 20 }),
    });
    expect(await sales(leadId)).toEqual([{ contractor_id: contractorId, channel: 'claim' }]);
    expect(await balanceOf(stack, contractorId)).toBe(500);
    const announced = await wallet.ctx.db
      .selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'LeadPurchased')
      .execute();
    expect(
      announced
        .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope).data)
        .filter((d) => d.lead_id === leadId),
    ).toEqual([expect.objectContaining({ contractor_id: contractorId, channel: 'claim', price_cents: 2000 })]);

    // Repeated by its buyer: the same answer, charged once.
    const again = await claim(token, contractorId);
    expect(again.status).toBe(200);
    expect(again.body.lead).toMatchObject({ id: leadId, phone: '+16175550177' });
    expect(await balanceOf(stack, contractorId)).toBe(500);
    expect(await sales(leadId)).toHaveLength(1);
  });

  it('refuses another contractor’s link, an unknown token, a lead claimed by another and an expired link, reading no contact', async () => {
    const first = await offered();
    const wrong = await claim(first.token, 'C-SOMEONEELSE');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.wrongContractor });
    const unknown = await claim(randomBytes(32).toString('base64url'), first.contractorId);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.unknown });

    // A second contractor offered the same lead loses to the first claim.
    expect((await claim(first.token, first.contractorId)).status).toBe(200);
    const rivalId = `c_${randomBytes(6).toString('hex')}`;
    await register(stack, wallet, rivalId);
    const rivalToken = randomBytes(32).toString('base64url');
    offers.set(hashToken(rivalToken), { ...offers.get(hashToken(first.token))!, contractor_id: rivalId, rank: 2 });
    const lost = await claim(rivalToken, rivalId);
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.alreadyClaimed });
    expect(JSON.stringify(lost.body)).not.toContain('Rita');
    expect(await balanceOf(stack, rivalId)).toBe(2500);

    const late = await offered({ expired: true });
    const expired = await claim(late.token, late.contractorId);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.expired });
    expect(await sales(late.leadId)).toEqual([]);
    expect(contactReads).not.toContain(late.leadId);
    expect(contactReads.filter((id) => id === first.leadId)).toHaveLength(1);
  });

  it('answers a lead no longer for sale, and a balance too low, in the page’s words', async () => {
    const gone = await offered();
    await publish(stack, 'LeadExpired', { lead_id: gone.leadId, expired_at: new Date().toISOString() });
    await waitFor(
      async () =>
        (await wallet.ctx.db.selectFrom('leads').select('status').where('lead_id', '=', gone.leadId).executeTakeFirst())
          ?.status === 'expired',
      'the lead expired at wallet-ledger',
    );
    const unavailable = await claim(gone.token, gone.contractorId);
    expect(unavailable.status).toBe(410);
    expect(unavailable.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.unavailable });

    const poor = await offered();
    await stack.marketplace.clients.call('wallet-ledger', '/internal/adjustments', {
      body: { contractor_id: poor.contractorId, amount_cents: -2000, notes: 'test debit' },
    });
    const refused = await claim(poor.token, poor.contractorId);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, message: MESSAGES.contractor.insufficientBalance });
    expect(await sales(poor.leadId)).toEqual([]);
  });

  it('sells nothing while matching cannot say whose link it is', async () => {
    const { contractorId, leadId, token } = await offered();
    down.matching = true;
    try {
      const res = await claim(token, contractorId);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, message: CLAIM_MESSAGES.offersUnavailable });
    } finally {
      down.matching = false;
    }
    expect(await sales(leadId)).toEqual([]);
    expect(await balanceOf(stack, contractorId)).toBe(2500);
  });

  it('still sells while lead-intake cannot answer, says where the contact is, and hands it over on the next claim', async () => {
    const { contractorId, leadId, token } = await offered();
    down.leadIntake = true;
    try {
      const res = await claim(token, contractorId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ success: true, message: CLAIM_MESSAGES.contactLater });
    } finally {
      down.leadIntake = false;
    }
    expect(await sales(leadId)).toEqual([{ contractor_id: contractorId, channel: 'claim' }]);
    const again = await claim(token, contractorId);
    expect(again.status).toBe(200);
    expect(again.body.lead).toMatchObject({ id: leadId, customer_name: 'Rita Moreno' });
    expect(await balanceOf(stack, contractorId)).toBe(500);
  });
});
