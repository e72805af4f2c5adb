import { randomUUID } from 'node:crypto';
import type { EventType } from '@leadmarket/contracts';
import {
  contractorRegisteredData,
  leadPricedData,
  screenedLeadData,
  startTestStack,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { buildEnvelope, schemaOf, type NewEvent } from '@leadmarket/platform';
import { waitFor, waitUntilHandled } from '@leadmarket/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchingContext } from '../src/context.js';
import { service as matching } from '../src/index.js';

// A lead arrives whole with its price (LeadPriced) and is matched in that event's own transaction
// (docs/adr/0024). The matcher's sweep is an hour here, so a lead matched at all was matched by the
// consumer, or by the matcher woken on purpose.
let stack: TestStack;
const db = () => stack.marketplace.services.get('matching')!.ctx.db;
const service = () => stack.marketplace.services.get('matching')!.ctx as MatchingContext;
const schema = schemaOf('matching');

async function publish<T extends EventType>(producer: Parameters<typeof buildEnvelope>[0], event: NewEvent<T>) {
  const envelope = buildEnvelope(producer, event);
  await stack.infra.bus.publish(envelope);
  return envelope;
}

async function contractor(zip: string, balanceCents = 5000) {
  const id = randomUUID();
  await publish('contractors', {
    type: 'ContractorRegistered',
    data: contractorRegisteredData({ contractor_id: id, zip_codes: [zip] }),
  });
  const funded = await publish('wallet-ledger', {
    type: 'WalletBalanceChanged',
    data: {
      contractor_id: id,
      balance_cents: balanceCents,
      reason: 'signup_credit',
      changed_at: new Date().toISOString(),
    },
  });
  await waitUntilHandled(db(), funded.id);
  return id;
}

const statusOf = async (leadId: string) =>
  (await db().selectFrom('leads').select('status').where('lead_id', '=', leadId).executeTakeFirst())?.status;

const leadMatchedOf = async (leadId: string) =>
  (await db().selectFrom('outbox').select('envelope').where('type', '=', 'LeadMatched').execute())
    .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
    .filter((e) => e.data.lead_id === leadId);

beforeAll(async () => {
  stack = await startTestStack({ services: [matching], env: { MATCHING_SWEEP_MS: '3600000', OFFERS_PER_LEAD: '2' } });
});

afterAll(async () => {
  await stack?.stop();
});

describe('a lead is matched by the consumer of its LeadPriced', () => {
  it('matched in the LeadPriced transaction, at its price', async () => {
    const id = await contractor('80101');
    const lead = screenedLeadData({ zip_code: '80101' });
    const priced = await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead, 3300) });
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched');
    const [matched, ...more] = await leadMatchedOf(lead.lead_id);
    expect(more).toEqual([]);
    expect(matched!.data.price_cents).toBe(3300);
    expect(matched!.data.offers.map((o: { contractor_id: string }) => o.contractor_id)).toEqual([id]);
    // Emitted while LeadPriced was handled (its correlation id; each test event has its own), so in
    // its transaction: no matcher transaction after it.
    expect(matched!.correlation_id).toBe(priced.correlation_id);
    // The lead as the event gave it, for the available-lead cards.
    const row = await db()
      .selectFrom('leads')
      .select(['description', 'zip_code', 'price_cents', 'lead_type'])
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect({ ...row, price_cents: Number(row.price_cents) }).toEqual({
      description: lead.description,
      zip_code: '80101',
      price_cents: 3300,
      lead_type: 'standard',
    });
  });

  it('names the contractors of the area it was not offered to, so their Available count follows', async () => {
    const zip = '80177';
    const rich = [await contractor(zip), await contractor(zip), await contractor(zip)];
    const poor = await contractor(zip, 100);
    const elsewhere = await contractor('80178');
    const lead = screenedLeadData({ zip_code: zip });
    await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead, 3300) });
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched');
    const [matched] = await leadMatchedOf(lead.lead_id);
    const offered: string[] = matched!.data.offers.map((o: { contractor_id: string }) => o.contractor_id);
    // Two offers (OFFERS_PER_LEAD); the third affordable one and the one who cannot afford it are listed.
    expect(offered).toHaveLength(2);
    const notOffered = rich.filter((id) => !offered.includes(id));
    expect([...matched!.data.listed_to].sort()).toEqual([...notOffered, poor].sort());
    expect(matched!.data.listed_to).not.toContain(elsewhere);
  });

  it('a phone confirmed before its LeadPriced came is on the lead and its LeadMatched, and kept no longer aside', async () => {
    await contractor('80106');
    const lead = screenedLeadData({ zip_code: '80106' });
    const confirmedAt = '2026-11-27T10:15:30.123Z';
    const confirmed = await publish('screening', {
      type: 'LeadContactConfirmed',
      data: { lead_id: lead.lead_id, channel: 'phone', method: 'code', confirmed_at: confirmedAt },
    });
    await waitUntilHandled(db(), confirmed.id);
    await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead) });
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched');
    const [matched] = await leadMatchedOf(lead.lead_id);
    expect(matched!.data.phone_confirmed_at).toBe(confirmedAt);
    const row = await db()
      .selectFrom('leads')
      .select('phone_confirmed_at')
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.phone_confirmed_at!).toISOString()).toBe(confirmedAt);
    expect(
      await db().selectFrom('early_confirmations').select('lead_id').where('lead_id', '=', lead.lead_id).execute(),
    ).toEqual([]);
  });

  it('a lead nobody can afford is offered to none and still named to the contractors of its area', async () => {
    const zip = '80179';
    const poor = [await contractor(zip, 100), await contractor(zip, 200)];
    const lead = screenedLeadData({ zip_code: zip });
    await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead, 3300) });
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched');
    const [matched] = await leadMatchedOf(lead.lead_id);
    expect(matched!.data.offers).toEqual([]);
    expect([...matched!.data.listed_to].sort()).toEqual([...poor].sort());
  });

  it('a lead deleted before its LeadPriced came is never offered', async () => {
    await contractor('80105');
    const lead = screenedLeadData({ zip_code: '80105' });
    const deleted = await publish('lead-intake', {
      type: 'LeadDeleted',
      data: { lead_id: lead.lead_id, deleted_at: new Date().toISOString() },
    });
    await waitUntilHandled(db(), deleted.id);
    const priced = await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead) });
    await waitUntilHandled(db(), priced.id);
    expect(await statusOf(lead.lead_id)).toBe('deleted');
    expect(await leadMatchedOf(lead.lead_id)).toEqual([]);
    expect(
      await db().selectFrom('offers').select('contractor_id').where('lead_id', '=', lead.lead_id).execute(),
    ).toEqual([]);
  });

  it('a LeadPriced delivered again (or re-emitted) makes no second offer round', async () => {
    const id = await contractor('80103');
    const lead = screenedLeadData({ zip_code: '80103' });
    const priced = buildEnvelope('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead) });
    await stack.infra.bus.publish(priced);
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched');
    const reemitted = { ...priced, id: randomUUID() };
    await stack.infra.bus.publish(priced);
    await stack.infra.bus.publish(reemitted);
    await waitUntilHandled(db(), reemitted.id);
    expect(await leadMatchedOf(lead.lead_id)).toHaveLength(1);
    const offers = await db()
      .selectFrom('offers')
      .select(['contractor_id', 'round'])
      .where('lead_id', '=', lead.lead_id)
      .execute();
    expect(offers).toEqual([{ contractor_id: id, round: 1 }]);
    const record = await db()
      .selectFrom('contractors')
      .select('offers_received')
      .where('contractor_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(record.offers_received)).toBe(1);
  });

  it('a match that fails in the consumer keeps the lead and its price; the matcher matches it later', async () => {
    const id = await contractor('80104');
    const lead = screenedLeadData({ zip_code: '80104' });
    // Offers for this lead are refused while the trigger exists (a stand-in for a deadlock or a bug).
    // One statement per call: the embedded PGlite sends each as a prepared statement.
    const refuse = `refuse_offers_${lead.lead_id.replace(/-/g, '')}`;
    await sql
      .raw(
        `create function ${schema}.${refuse}() returns trigger language plpgsql as $$
           begin if new.lead_id = '${lead.lead_id}' then raise exception 'offers refused for the test'; end if; return new; end $$`,
      )
      .execute(db());
    await sql
      .raw(
        `create trigger ${refuse} before insert on ${schema}.offers for each row execute function ${schema}.${refuse}()`,
      )
      .execute(db());
    const priced = await publish('wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead, 2700) });
    await waitUntilHandled(db(), priced.id);
    // The event is handled (its inbox record kept) and the lead stored with its price; only the match was rolled back.
    const stored = await db()
      .selectFrom('leads')
      .select(['status', 'price_cents'])
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect({ ...stored, price_cents: Number(stored.price_cents) }).toEqual({
      status: 'pending_match',
      price_cents: 2700,
    });
    expect(await leadMatchedOf(lead.lead_id)).toEqual([]);

    await sql.raw(`drop trigger ${refuse} on ${schema}.offers`).execute(db());
    // What the sweep does on its interval (an hour here).
    service().matcherWakeup.wake();
    await waitFor(async () => (await statusOf(lead.lead_id)) === 'available', 'lead matched by the matcher');
    const [matched, ...more] = await leadMatchedOf(lead.lead_id);
    expect(more).toEqual([]);
    expect(matched!.data.price_cents).toBe(2700);
    expect(matched!.data.offers.map((o: { contractor_id: string }) => o.contractor_id)).toEqual([id]);
  });
});
