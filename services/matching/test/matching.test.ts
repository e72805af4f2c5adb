import { randomUUID } from 'node:crypto';
import { functionPath, INTERNAL_HEADERS, type EventData, type EventType } from '@leadmarket/contracts';
import {
  contractorRegisteredData,
  leadPricedData,
  screenedLeadData,
  startTestStack,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { buildEnvelope, claimTokenFor, claimTokenKeyOf, hashToken, type NewEvent } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as matching } from '../src/index.js';
import type { MatchingContext } from '../src/context.js';
import { expireLeadsPastLifetime } from '../src/use-cases/lead-lifetime.js';

// Matching alone: contractor, wallet, lead and price events in; offers, LeadMatched and the
// available-lead list out. wallet-ledger does not run here: the tests publish its LeadPriced ($20).
let stack: TestStack;
const at = () => new Date().toISOString();
const db = () => stack.marketplace.services.get('matching')!.ctx.db;
const matchingCtx = () => stack.marketplace.services.get('matching')!.ctx as MatchingContext;

async function publish<T extends EventType>(producer: Parameters<typeof buildEnvelope>[0], event: NewEvent<T>) {
  const envelope = buildEnvelope(producer, event);
  await stack.infra.bus.publish(envelope);
  return envelope;
}
const handled = (eventId: string) =>
  waitFor(
    async () =>
      (await db().selectFrom('inbox').select('event_id').where('event_id', '=', eventId).executeTakeFirst()) !==
      undefined,
    `event ${eventId} handled`,
  );

async function contractor({
  balance_cents = 2500,
  ...profile
}: Partial<EventData<'ContractorRegistered'>> & { balance_cents?: number } = {}) {
  const id = randomUUID();
  await publish('contractors', {
    type: 'ContractorRegistered',
    data: contractorRegisteredData({ ...profile, contractor_id: id }),
  });
  const e = await publish('wallet-ledger', {
    type: 'WalletBalanceChanged',
    data: { contractor_id: id, balance_cents, reason: 'signup_credit', changed_at: at() },
  });
  await handled(e.id);
  return id;
}

const lead = screenedLeadData;

/** A valid lead as matching receives it: LeadPriced (wallet-ledger, $20), which carries the lead. */
async function priceValid(l: EventData<'LeadScreened'>) {
  return publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(l) });
}

async function matchedOffers(leadId: string) {
  await waitFor(
    async () =>
      (await db().selectFrom('leads').select('status').where('lead_id', '=', leadId).executeTakeFirst())?.status ===
      'available',
    `lead ${leadId} matched`,
    20_000,
  );
  const rows = await db()
    .selectFrom('offers')
    .select(['contractor_id', 'rank', 'expires_at', 'offered_at'])
    .where('lead_id', '=', leadId)
    .orderBy('rank')
    .execute();
  return rows;
}

const availableFor = async (contractorId: string) => {
  const res = await stack.marketplace.services.get('matching')!.app.inject({
    method: 'GET',
    url: functionPath('contractors-available-leads'),
    headers: {
      [INTERNAL_HEADERS.internalToken]: stack.marketplace.internalToken,
      [INTERNAL_HEADERS.contractorId]: contractorId,
    },
  });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  stack = await startTestStack({ services: [matching], env: { OFFERS_PER_LEAD: '2', CLAIM_TOKEN_TTL_HOURS: '72' } });
});

afterAll(async () => {
  await stack?.stop();
});

describe('matching', () => {
  it('offers only eligible contractors, at most OFFERS_PER_LEAD, with the preferred one first and expiring tokens', async () => {
    const zip = '60601';
    const a = await contractor({ zip_codes: [zip] });
    const b = await contractor({ zip_codes: [zip, '60602', '60603', '60604'] });
    const c = await contractor({ zip_codes: [zip, '60602'] });
    const poor = await contractor({ zip_codes: [zip], balance_cents: 1999 });
    const wrongTrade = await contractor({ zip_codes: [zip], sub_service: 'hvac' });
    const l = lead({ preferred_contractor_id: b });
    const event = await priceValid(l);
    const offers = await matchedOffers(l.lead_id);
    expect(offers.map((o) => o.contractor_id)).toEqual([b, a]); // b asked for; then a (one ZIP: best fit)
    expect(offers.map((o) => o.rank)).toEqual([1, 2]);
    const ttl = new Date(offers[0]!.expires_at).getTime() - new Date(offers[0]!.offered_at).getTime();
    expect(ttl).toBe(72 * 3_600_000);
    for (const id of [c, poor, wrongTrade]) expect(offers.some((o) => o.contractor_id === id)).toBe(false);

    // LeadMatched carries no claim token (docs/adr/0013): matching, the one owner, keeps each token's
    // hash, and the token is the one notification rebuilds from the server key for the SMS link.
    const matched = await waitFor(
      async () =>
        (
          await db()
            .selectFrom('outbox')
            .select(['envelope', 'processed_at'])
            .where('type', '=', 'LeadMatched')
            .where('processed_at', 'is not', null)
            .execute()
        )
          .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
          .find((e) => e.data.lead_id === l.lead_id),
      'the published LeadMatched',
    );
    expect(matched.correlation_id).toBeDefined();
    expect(matched.data.price_cents).toBe(2000);
    expect(matched.data.offers).toHaveLength(2);
    for (const o of matched.data.offers)
      expect(Object.keys(o).sort()).toEqual(['contractor_id', 'expires_at', 'rank', 'round']);
    const stored = await db()
      .selectFrom('offers')
      .select(['contractor_id', 'claim_token_hash', 'round'])
      .where('lead_id', '=', l.lead_id)
      .execute();
    const key = claimTokenKeyOf(process.env);
    for (const o of stored) {
      expect(o.claim_token_hash).toBe(hashToken(claimTokenFor(key, l.lead_id, o.contractor_id)));
      expect(o.round).toBe(1);
    }
    expect(new Set(stored.map((o) => o.claim_token_hash)).size).toBe(2);
    expect(event.id).toBeDefined();
  });

  it('never offers a deleted contractor, even after a late profile event', async () => {
    const zip = '60620';
    const gone = await contractor({ zip_codes: [zip] });
    const del = await publish('contractors', {
      type: 'ContractorDeleted',
      data: { contractor_id: gone, deleted_at: at() },
    });
    await handled(del.id);
    const valid = lead({ zip_code: zip });
    await priceValid(valid);
    expect(await matchedOffers(valid.lead_id)).toEqual([]);
    // A late profile event does not bring the deleted contractor back.
    const late = await publish('contractors', {
      type: 'ContractorProfileUpdated',
      data: {
        contractor_id: gone,
        business_name: 'B',
        contact_name: 'C',
        email: 'c@example.com',
        phone: '1',
        industry: 'home_services',
        sub_service: 'plumbing',
        zip_codes: [zip],
        sms_opt_in: true,
        updated_at: at(),
      },
    });
    await handled(late.id);
    const again = lead({ zip_code: zip });
    await priceValid(again);
    expect(await matchedOffers(again.lead_id)).toEqual([]);
  });
});

describe('matching while its consumers are down', () => {
  it('matches a lead priced while the consumers were stopped once they return', async () => {
    const id = await contractor({ zip_codes: ['60640'] });
    const running = stack.marketplace.services.get('matching')!;
    await running.stopConsumers();
    const l = lead({ zip_code: '60640' });
    try {
      await priceValid(l);
      // Nothing consumes while stopped: the lead is not stored (checked at once; the point of the
      // test is that it is matched once the consumers return).
      expect(
        await db().selectFrom('leads').select('lead_id').where('lead_id', '=', l.lead_id).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await running.startConsumers();
    }
    expect((await matchedOffers(l.lead_id)).map((o) => o.contractor_id)).toEqual([id]);
  });
});

describe('contractors-available-leads', () => {
  it('lists sellable leads the contractor fits, newest first, without contact details', async () => {
    const zip = '60630';
    const me = await contractor({ zip_codes: [zip] });
    const elsewhere = await contractor({ zip_codes: ['60631'] });
    const older = lead({
      zip_code: zip,
      submitted_at: new Date(Date.now() - 60_000).toISOString(),
      urgency: 'Emergency',
    });
    const newer = lead({ zip_code: zip });
    const sold = lead({ zip_code: zip });
    for (const l of [older, newer, sold]) {
      await priceValid(l);
      await matchedOffers(l.lead_id);
    }
    const purchase = await publish('wallet-ledger', {
      type: 'LeadPurchased',
      data: {
        lead_id: sold.lead_id,
        contractor_id: me,
        purchase_id: randomUUID(),
        price_cents: 2000,
        channel: 'claim',
        purchased_at: at(),
        balance_after_cents: 480,
      },
    });
    await handled(purchase.id);
    // The sale carries the buyer's new balance: matching's copy follows with no WalletBalanceChanged.
    const wallet = await db()
      .selectFrom('wallets')
      .select('balance_cents')
      .where('contractor_id', '=', me)
      .executeTakeFirst();
    expect(Number(wallet?.balance_cents)).toBe(480);

    const mine = await availableFor(me);
    expect(mine.status).toBe(200);
    expect(mine.body.available_leads.map((l: { id: string }) => l.id)).toEqual([newer.lead_id, older.lead_id]);
    expect(mine.body.total_available).toBe(2);
    expect(mine.body.available_leads[1]).toEqual({
      id: older.lead_id,
      service_category: 'home_services',
      sub_service: 'plumbing',
      zip_code: zip,
      description: older.description,
      created_at: older.submitted_at,
      price: 20,
      lead_type: 'emergency',
      // Nothing known of the contact from an event without it; not confirmed.
      phone_confirmed_at: null,
      line_type: null,
      email_present: null,
    });
    // The facts about the contact (their names aside) are no contact details.
    const facts = /"(phone_confirmed_at|email_present)"/g;
    expect(JSON.stringify(mine.body).replace(facts, '')).not.toMatch(/customer|phone|email/);

    const theirs = await availableFor(elsewhere);
    expect(theirs.body).toEqual({ available_leads: [], total_available: 0 });

    // Past the offer lifetime, matching itself takes the lead off the market and says so.
    await db()
      .updateTable('leads')
      .set({ submitted_at: new Date(Date.now() - 73 * 3600_000).toISOString() })
      .where('lead_id', '=', newer.lead_id)
      .execute();
    expect(await expireLeadsPastLifetime(matchingCtx())).toContain(newer.lead_id);
    const removed = await publish('lead-intake', {
      type: 'LeadDeleted',
      data: { lead_id: older.lead_id, deleted_at: at() },
    });
    await handled(removed.id);
    expect((await availableFor(me)).body.total_available).toBe(0);
    const announced = await db().selectFrom('outbox').select('envelope').where('type', '=', 'LeadExpired').execute();
    expect(
      announced.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope).data),
    ).toContainEqual({ lead_id: newer.lead_id, expired_at: expect.any(String) });
    // Already expired: a second sweep leaves it alone.
    expect(await expireLeadsPastLifetime(matchingCtx())).not.toContain(newer.lead_id);
  });

  it('answers 401 without a verified contractor', async () => {
    const res = await stack.marketplace.services.get('matching')!.app.inject({
      method: 'GET',
      url: functionPath('contractors-available-leads'),
      headers: { [INTERNAL_HEADERS.internalToken]: stack.marketplace.internalToken },
    });
    expect(res.statusCode).toBe(401);
  });
});
