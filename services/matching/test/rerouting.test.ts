import {
  devOutbox,
  signUpFundedContractor,
  startTestStack,
  uniqueZip,
  type DevOutboxMessage,
  type TestStack,
} from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../admin/src/config.js';

// Re-routing of unclaimed leads, with a shortened round (3 s instead of 15 min), one
// offer per round and 3 rounds. Every service runs; SMS go to the development outbox.
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LEAD_SUBMIT_RATE_LIMIT: '1000',
      SCREENING_IP_LIMIT: '1000',
      OFFERS_PER_LEAD: '1',
      OFFER_ROUND_SECONDS: '3',
      OFFER_ROUNDS: '3',
      REROUTE_SWEEP_MS: '200',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

type OutboxMessage = DevOutboxMessage;
const outbox = () => devOutbox(stack);
const offersTo = (messages: OutboxMessage[], e164: string, zip: string) =>
  messages.filter((m) => m.to === e164 && m.body.includes('/claim/') && m.body.includes(zip));
const tokenOf = (text: string) => text.match(/\/claim\/([A-Za-z0-9_-]+)/)![1]!;
const fourDigits = () => String(1000 + randomInt(8999));

async function contractorIn(zip: string) {
  const last4 = fourDigits();
  const c = await signUpFundedContractor(stack, { phone: `(713) 555-${last4}`, zip_codes: zip, sms_opt_in: true });
  return { ...c, e164: `+1713555${last4}` };
}

async function submitLead(zip: string, phone: string) {
  const res = await stack.call('leads-submit', {
    body: {
      customer_name: 'Hank Hill',
      phone,
      email: null,
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'The air conditioner blows warm air and the house is at 90 degrees.',
      urgency: 'Standard',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.lead_id as string;
}

const leadStatus = async (id: string) =>
  (
    await stack.marketplace.services
      .get('lead-intake')!
      .ctx.db.selectFrom('leads')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status;

describe('re-routing an unclaimed lead', () => {
  it('offers it to the next-ranked contractor after the deadline: a new SMS with a working claim link', async () => {
    const zip = uniqueZip('5');
    const [a, b] = [await contractorIn(zip), await contractorIn(zip)];
    await waitFor(
      async () =>
        (await stack.call('contractors-available-leads', { token: b.token })).status === 200 &&
        (
          await stack.marketplace.services
            .get('matching')!
            .ctx.db.selectFrom('contractor_zips')
            .select('zip_code')
            .where('zip_code', '=', zip)
            .execute()
        ).length === 2,
      'matching knows both contractors',
      20_000,
    );
    const leadId = await submitLead(zip, `(713) 555-${fourDigits()}`);

    const first = await waitFor(
      async () => {
        const all = await outbox();
        const [ofA, ofB] = [offersTo(all, a.e164, zip), offersTo(all, b.e164, zip)];
        return ofA.length + ofB.length === 1 ? { firstIsA: ofA.length === 1 } : undefined;
      },
      'the first round offer',
      20_000,
    );
    const [firstPick, next] = first.firstIsA ? [a, b] : [b, a];
    const rerouted = await waitFor(
      async () => offersTo(await outbox(), next.e164, zip)[0],
      'the second round offer to the next contractor',
      15_000,
    );
    const token = tokenOf(rerouted.body);
    const page = await stack.call('leads-claim-get', { query: { token } });
    expect(page.status).toBe(200);
    expect(page.body.lead.id).toBe(leadId);
    const claimed = await stack.call('leads-claim-post', { body: { token, contractor_id: next.id } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    await waitFor(async () => (await leadStatus(leadId)) === 'purchased', 'the lead sold to the next contractor');
    // One SMS each: the first contractor was not offered it again.
    const all = await outbox();
    expect(offersTo(all, firstPick.e164, zip)).toHaveLength(1);
    expect(offersTo(all, next.e164, zip)).toHaveLength(1);

    // The admin's lead view shows the rounds.
    const login = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    const listed = await stack.call('admin-leads', { token: login.body.session_token, query: { search: zip } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const lead = (listed.body.leads as Array<{ id: string; contractor_leads: any[] }>).find((l) => l.id === leadId)!;
    const roundOf = (id: string) => lead.contractor_leads.find((a) => a.contractor_id === id)?.offer_round;
    expect(roundOf(firstPick.id)).toBe(1);
    expect(roundOf(next.id)).toBe(2);
  }, 60_000);

  it('after the last round the lead expires and the customer is told nobody took it', async () => {
    const zip = uniqueZip('6');
    const only = await contractorIn(zip);
    const customerLast4 = fourDigits();
    const leadId = await submitLead(zip, `(713) 555-${customerLast4}`);
    const offer = await waitFor(async () => offersTo(await outbox(), only.e164, zip)[0], 'the only offer', 20_000);

    const told = await waitFor(
      async () =>
        (await outbox()).find((m) => m.to === `+1713555${customerLast4}` && m.body.includes('none of them took it')),
      "the customer's message after the last round",
      30_000,
    );
    expect(told.body).toContain('Hi Hank');
    // Told truly: it was offered, to the one contractor of its ZIP code.
    expect(told.body).toContain('we offered your HVAC request to 1 professional near you');
    expect(told.body).toContain('send it again');
    expect(await leadStatus(leadId)).toBe('expired');
    // Expired where its offers are, and announced once by matching: lead-intake only followed.
    const matchingDb = stack.marketplace.services.get('matching')!.ctx.db;
    expect(
      await matchingDb.selectFrom('leads').select('status').where('lead_id', '=', leadId).executeTakeFirst(),
    ).toEqual({ status: 'expired' });
    const announced = (
      await matchingDb.selectFrom('outbox').select('envelope').where('type', '=', 'LeadExpired').execute()
    )
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope).data)
      .filter((d) => d.lead_id === leadId);
    expect(announced).toEqual([
      { lead_id: leadId, expired_at: expect.any(String), after_rounds: { rounds: 3, offered: 1 } },
    ]);
    const intakeAnnounced = await stack.marketplace.services
      .get('lead-intake')!
      .ctx.db.selectFrom('outbox')
      .select('envelope')
      .where('type', '=', 'LeadExpired')
      .execute();
    expect(intakeAnnounced).toEqual([]);
    // The claim link died with the lead.
    const late = await stack.call('leads-claim-get', { query: { token: tokenOf(offer.body) } });
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
    expect(offersTo(await outbox(), only.e164, zip)).toHaveLength(1);
  }, 60_000);
});
