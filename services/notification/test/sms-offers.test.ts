import { randomBytes, randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { service as matching } from '@leadmarket/matching';
import { hashToken } from '@leadmarket/platform';
import { waitFor, waitUntilHandled } from '@leadmarket/platform/testing';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as notification } from '../src/index.js';
import { contractorProfile, now, publish, publishValidLead, screenedLead } from './events.js';
import { startFakeTwilio } from './fake-twilio.js';

// The pipeline from contractor events and a valid LeadScreened to an SMS with a claim link, through
// matching and notification and the real Twilio SDK against a fake Twilio on loopback. Only these
// two services run: the tests publish the LeadPriced wallet-ledger would emit ($20).
const PUBLIC_BASE_URL = 'https://leads.example.test';
const AUTH_TOKEN = randomBytes(16).toString('hex');
const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;

let stack: TestStack;
let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
/** Runs while the fake Twilio holds its answer to a send (a test sets it for one message). */
let beforeAnswer: ((m: { sid: string; statusCallback?: string }) => Promise<void>) | undefined;

const offered = contractorProfile({ phone: '(404) 555-0101' });
const optedOut = contractorProfile({ phone: '(404) 555-0102', sms_opt_in: false });
const deleted = contractorProfile({ phone: '(404) 555-0103' });
const otherZip = contractorProfile({ phone: '(404) 555-0104', zip_codes: ['10001'] });

// Lead offers only: consenting contractors also get a welcome SMS at registration.
const smsTo = (phone: string) => fake.messages.filter((m) => m.to === phone && m.body.includes('/claim/'));
const matchingDb = () => stack.marketplace.services.get('matching')!.ctx.db;
const notificationDb = () => stack.marketplace.services.get('notification')!.ctx.db;
/**
 * A lead's deliveries are queued together (one LeadMatched, one transaction); once none is waiting
 * to be sent, every SMS the lead will cause is at the fake Twilio.
 */
const deliveriesSettled = (leadId: string) =>
  waitFor(
    async () =>
      !(await notificationDb()
        .selectFrom('deliveries')
        .select('id')
        .where('lead_id', '=', leadId)
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst()),
    "the lead's deliveries settled",
  );

/**
 * Publish a fresh valid lead and wait for the offered contractor's next claim SMS: each test has a
 * lead of its own and counts from what was sent before it, so the file passes in any order.
 */
async function offerNewLead() {
  const before = smsTo('+14045550101').length;
  const lead = screenedLead();
  const envelope = await publishValidLead(stack.infra.bus, lead);
  const sms = await waitFor(() => smsTo('+14045550101')[before], 'the SMS at the fake Twilio', 15_000);
  // The delivery records Twilio's message id once Twilio has answered.
  await waitFor(
    async () =>
      (await notificationDb()
        .selectFrom('deliveries')
        .select('id')
        .where('provider_message_id', '=', sms.sid)
        .where('status', '=', 'sent')
        .executeTakeFirst()) !== undefined,
    'the delivery recorded as sent',
  );
  return { leadId: lead.lead_id, envelope, sms, before };
}

beforeAll(async () => {
  fake = await startFakeTwilio({ onAccepted: (m) => beforeAnswer?.(m) });
  stack = await startTestStack({
    services: [matching, notification],
    env: {
      PUBLIC_BASE_URL,
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: fake.url,
    },
  });
  const bus = stack.infra.bus;
  for (const c of [offered, optedOut, deleted, otherZip]) {
    await publish(bus, 'contractors', { type: 'ContractorRegistered', data: { ...c, registered_at: now() } });
    await publish(bus, 'wallet-ledger', {
      type: 'WalletBalanceChanged',
      data: { contractor_id: c.contractor_id, balance_cents: 2500, reason: 'signup_credit', changed_at: now() },
    });
  }
  await publish(bus, 'contractors', {
    type: 'ContractorDeleted',
    data: { contractor_id: deleted.contractor_id, deleted_at: now() },
  });
  await waitFor(
    async () => {
      const wallets = await matchingDb().selectFrom('wallets').select('contractor_id').execute();
      const gone = await matchingDb()
        .selectFrom('contractors')
        .select('deleted')
        .where('contractor_id', '=', deleted.contractor_id)
        .executeTakeFirst();
      const contacts = await notificationDb().selectFrom('contacts').select('contractor_id').execute();
      return wallets.length === 4 && gone?.deleted === true && contacts.length === 4;
    },
    'contractor projections',
    20_000,
  );
  // The welcome SMS are sent before the tests set up provider failures.
  await waitFor(
    async () =>
      !(await notificationDb()
        .selectFrom('deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst()),
    'welcome messages sent',
    20_000,
  );
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('lead offers by SMS', () => {
  it('sends the offered, consenting contractor an SMS with a claim link', async () => {
    const { leadId, sms } = await offerNewLead();
    // Speed to SMS is measured in bench/ (the pipeline benchmark), not asserted on a shared machine.
    expect(sms!.accountSid).toBe(ACCOUNT_SID);
    expect(sms!.from).toBe('+15005550006');
    expect(sms!.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(sms!.body).toContain('ZIP 30301');
    expect(sms!.body).toContain('Home Services - HVAC');
    // The callback URL names the delivery, so a callback that outruns Twilio's answer still finds it.
    const delivery = await notificationDb()
      .selectFrom('deliveries')
      .select('id')
      .where('provider_message_id', '=', sms!.sid)
      .executeTakeFirstOrThrow();
    expect(sms!.statusCallback).toBe(
      `${PUBLIC_BASE_URL}/.netlify/functions/twilio-status-webhook?delivery=${delivery.id}`,
    );

    // The link carries the token matching issued for exactly this contractor and lead.
    const token = /https:\/\/leads\.example\.test\/claim\/([A-Za-z0-9_-]+)/.exec(sms!.body)?.[1];
    expect(token && token.length).toBeGreaterThanOrEqual(32);
    const offer = await matchingDb()
      .selectFrom('offers')
      .selectAll()
      .where('claim_token_hash', '=', hashToken(token!))
      .executeTakeFirst();
    expect(offer).toMatchObject({ lead_id: leadId, contractor_id: offered.contractor_id, rank: expect.any(Number) });
  });

  it('offers no deleted or out-of-area contractor and texts no one who did not consent', async () => {
    const sentBefore = fake.messages.length;
    const { leadId } = await offerNewLead();
    const offers = await matchingDb()
      .selectFrom('offers')
      .select('contractor_id')
      .where('lead_id', '=', leadId)
      .execute();
    expect(offers.map((o) => o.contractor_id).sort()).toEqual([offered.contractor_id, optedOut.contractor_id].sort());
    await deliveriesSettled(leadId);
    expect(
      fake.messages
        .slice(sentBefore)
        .filter((m) => m.body.includes('/claim/'))
        .map((m) => m.to),
    ).toEqual(['+14045550101']);
  });

  it('sends no second SMS when LeadMatched is redelivered or re-emitted', async () => {
    const { leadId, before } = await offerNewLead();
    const rows = await matchingDb().selectFrom('outbox').select('envelope').where('type', '=', 'LeadMatched').execute();
    const envelope = rows
      .map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope))
      .find((e) => e.data.lead_id === leadId);
    expect(envelope).toBeDefined();
    await stack.infra.bus.publish(envelope); // the same message again (broker redelivery)
    const reemitted = { ...envelope, id: randomUUID() };
    await stack.infra.bus.publish(reemitted); // the same offers in a new message, sent after the redelivery
    await waitUntilHandled(notificationDb(), reemitted.id);
    await deliveriesSettled(leadId);
    expect(smsTo('+14045550101').slice(before)).toHaveLength(1);
    const deliveries = await notificationDb()
      .selectFrom('deliveries')
      .select('id')
      .where('lead_id', '=', leadId)
      .execute();
    expect(deliveries).toHaveLength(1);
  });
});

describe('provider failures', () => {
  it('retries a send Twilio refused, recording the attempts, and still sends once', async () => {
    const before = smsTo('+14045550101').length;
    fake.failNext(1);
    const lead = screenedLead();
    await publishValidLead(stack.infra.bus, lead);
    await waitFor(
      async () =>
        (
          await notificationDb()
            .selectFrom('deliveries')
            .select(['status', 'attempts', 'last_error'])
            .where('lead_id', '=', lead.lead_id)
            .executeTakeFirst()
        )?.status === 'sent',
      'the retried delivery sent',
      20_000,
    );
    const row = await notificationDb()
      .selectFrom('deliveries')
      .select(['attempts', 'last_error', 'status'])
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, last_error: null, status: 'sent' });
    expect(smsTo('+14045550101').slice(before)).toHaveLength(1);
  });
});

describe('permanent provider refusals', () => {
  it('fails a delivery Twilio refuses with a 4xx at once, without retrying', async () => {
    const before = smsTo('+14045550101').length;
    fake.failNext(1, 400);
    const lead = screenedLead();
    await publishValidLead(stack.infra.bus, lead);
    const row = await waitFor(
      async () => {
        const r = await notificationDb()
          .selectFrom('deliveries')
          .select(['status', 'attempts', 'last_error'])
          .where('lead_id', '=', lead.lead_id)
          .executeTakeFirst();
        return r?.status === 'failed' ? r : undefined;
      },
      'the refused delivery failed',
      20_000,
    );
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('not a valid phone number');
    // A later lead's SMS goes out after the refused one was dealt with; the refused one is not retried.
    const later = await offerNewLead();
    expect(
      smsTo('+14045550101')
        .slice(before)
        .map((m) => m.sid),
    ).toEqual([later.sms.sid]);
    const after = await notificationDb()
      .selectFrom('deliveries')
      .select(['status', 'attempts'])
      .where('lead_id', '=', lead.lead_id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'failed', attempts: 1 });
  });
});

describe('twilio-status-webhook', () => {
  const url = `${PUBLIC_BASE_URL}/.netlify/functions/twilio-status-webhook`;
  const post = (params: Record<string, string>, signature: string | undefined) =>
    fetch(`${stack.url}/.netlify/functions/twilio-status-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-twilio-signature': signature } : {}),
      },
      body: new URLSearchParams(params).toString(),
    });

  it('records a signed status callback on the delivery', async () => {
    const { sid } = (await offerNewLead()).sms;
    const params = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: ACCOUNT_SID, To: '+14045550101' };
    const res = await post(params, twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params));
    expect(res.status).toBe(200);
    const row = await notificationDb()
      .selectFrom('deliveries')
      .select(['status', 'provider_status'])
      .where('provider_message_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'delivered', provider_status: 'delivered' });
  });

  it('records a callback that arrives before Twilio has answered the send', async () => {
    // Twilio posts status callbacks on its own schedule: one may reach us before the answer to the
    // send, and the sender records message ids only once its whole batch has been answered.
    let early: { status: number; body: { recorded?: boolean } } | undefined;
    beforeAnswer = async (m) => {
      beforeAnswer = undefined;
      const callback = m.statusCallback!;
      const params = { MessageSid: m.sid, MessageStatus: 'undelivered', ErrorCode: '30006', AccountSid: ACCOUNT_SID };
      const res = await fetch(`${stack.url}${new URL(callback).pathname}${new URL(callback).search}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, callback, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      early = { status: res.status, body: (await res.json()) as { recorded?: boolean } };
    };
    const lead = screenedLead();
    await publishValidLead(stack.infra.bus, lead);
    await waitFor(() => early, 'the early callback answered', 15_000);
    await deliveriesSettled(lead.lead_id);
    expect(early).toEqual({ status: 200, body: { received: true, recorded: true } });
    const row = await notificationDb()
      .selectFrom('deliveries')
      .select(['status', 'provider_status', 'provider_message_id'])
      .where('lead_id', '=', lead.lead_id)
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    // The outcome stands once the sender records the send, and the row has Twilio's message id.
    expect(row).toMatchObject({ status: 'undelivered', provider_status: 'undelivered' });
    expect(fake.messages.some((m) => m.sid === row.provider_message_id)).toBe(true);
  });

  it('refuses a callback whose delivery is not one of ours in form', async () => {
    const { sid } = (await offerNewLead()).sms;
    const params = { MessageSid: sid, MessageStatus: 'delivered' };
    const signedUrl = `${url}?delivery=not-an-id`;
    const res = await fetch(`${stack.url}/.netlify/functions/twilio-status-webhook?delivery=not-an-id`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, signedUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/delivery must be the id/);
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const { sid } = (await offerNewLead()).sms;
    const params = { MessageSid: sid, MessageStatus: 'failed' };
    const forged = twilio.getExpectedTwilioSignature('not-the-token', url, params);
    const bad = await post(params, forged);
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as { message: string }).message).toBe('Invalid Twilio signature');
    expect((await post(params, undefined)).status).toBe(403);
    // Signed for other fields than those sent: refused too.
    const tampered = await post(
      { ...params, MessageStatus: 'delivered' },
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params),
    );
    expect(tampered.status).toBe(403);
    const row = await notificationDb()
      .selectFrom('deliveries')
      .select(['status', 'provider_status'])
      .where('provider_message_id', '=', sid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});
