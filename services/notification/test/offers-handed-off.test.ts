import { randomUUID } from 'node:crypto';
import { startTestStack } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationContext } from '../src/context.js';
import { upsertContact } from '../src/db/contacts.repository.js';
import type { NotificationDatabase } from '../src/db/database.js';
import { cancelLeadOffers, queueClaimedOfferSms, queueDelivery } from '../src/db/deliveries.repository.js';
import { service as notification } from '../src/index.js';
import { now, publish } from './events.js';
import { startFakeTwilio, twilioTestEnv } from './fake-twilio.js';

// A lead's offers are inserted already claimed and handed to the sender of the instance that wrote
// them, which sends them without a claim statement; one lost before its send is what a crash after
// a claim leaves, recovered by reconciliation after its lease (docs/adr/0056).
const hour = () => new Date(Date.now() + 3_600_000).toISOString();

async function notificationStack(env: Record<string, string>) {
  const fake = await startFakeTwilio();
  const stack = await startTestStack({
    services: [notification],
    env: {
      ...twilioTestEnv(fake.url),
      ...env,
    },
  });
  const ctx = stack.marketplace.services.get('notification')!.ctx as NotificationContext;
  return { fake, stack, ctx, db: ctx.db as Kysely<NotificationDatabase> };
}

/** A contractor who may get SMS, at the given phone. */
async function contractorAt(db: Kysely<NotificationDatabase>, phone: string): Promise<string> {
  const id = `C-${randomUUID().slice(0, 8)}`;
  await upsertContact(db, { contractor_id: id, phone, sms_opt_in: true, at: now() });
  return id;
}

const rowOf = (db: Kysely<NotificationDatabase>, key: string) =>
  db
    .selectFrom('deliveries')
    .select(['status', 'attempts', 'sending_at'])
    .where('dedupe_key', '=', key)
    .executeTakeFirstOrThrow();
const settled = (db: Kysely<NotificationDatabase>, key: string, status: string, what: string) =>
  waitFor(async () => ((await rowOf(db, key)).status === status ? true : undefined), what, 15_000, 100);

describe('offers handed to the sender after commit', () => {
  let env: Awaited<ReturnType<typeof notificationStack>>;

  beforeAll(async () => {
    // Polls far apart: within the test the sender claims only when a wake-up asks it to.
    env = await notificationStack({ NOTIFICATION_POLL_MS: '600000' });
  });
  afterAll(async () => {
    await env?.stack.stop();
    await env?.fake.close();
  });

  it("sends a LeadMatched's offers without a claim statement", async () => {
    const { db, ctx, fake, stack } = env;
    // A delivery queued and woken for: the claim that sends it ends the sender's claims until a
    // wake-up or the poll asks for one again.
    /** A customer's code SMS to `to`, queued without waking the sender; returns its key. */
    const queueCode = async (to: string) => {
      const key = `contact_code:${randomUUID()}:1:sms`;
      await queueDelivery(db, { dedupe_key: key, kind: 'contact_code', channel: 'sms', recipient: to, body: key });
      return key;
    };
    const primer = await queueCode('+14045550290');
    ctx.senderWakeup.wake();
    await settled(db, primer, 'sent', 'the primer sent');
    // Due, queued without a wake-up: only a claim would take it.
    const witness = await queueCode('+14045550291');

    const phones = ['+14045550201', '+14045550202'];
    const contractors = await Promise.all(phones.map((p) => contractorAt(db, p)));
    const lead = randomUUID();
    await publish(stack.infra.bus, 'matching', {
      type: 'LeadMatched',
      data: {
        lead_id: lead,
        service_category: 'home_services',
        sub_service: 'hvac',
        zip_code: '30301',
        price_cents: 2000,
        offers: contractors.map((contractor_id, i) => ({ contractor_id, rank: i + 1, expires_at: hour() })),
        matched_at: now(),
      },
    });
    for (const c of contractors) await settled(db, `lead_offer:${lead}:${c}`, 'sent', 'the offer sent');

    expect(
      fake.messages
        .filter((m) => phones.includes(m.to))
        .map((m) => m.to)
        .sort(),
    ).toEqual(phones);
    for (const c of contractors)
      expect(await rowOf(db, `lead_offer:${lead}:${c}`)).toMatchObject({ status: 'sent', attempts: 1 });
    // No claim ran: the due delivery queued before the offers is still waiting.
    expect((await rowOf(db, witness)).status).toBe('pending');
    expect(fake.messages.some((m) => m.to === '+14045550291')).toBe(false);
  });
});

describe('an offer inserted claimed and never handed off', () => {
  let env: Awaited<ReturnType<typeof notificationStack>>;

  beforeAll(async () => {
    env = await notificationStack({ NOTIFICATION_POLL_MS: '200', NOTIFICATION_SEND_LEASE_SECONDS: '1' });
  });
  afterAll(async () => {
    await env?.stack.stop();
    await env?.fake.close();
  });

  const lostOffer = async (phone: string) => {
    const { db } = env;
    const contractor_id = await contractorAt(db, phone);
    const lead = randomUUID();
    const key = `lead_offer:${lead}:${contractor_id}`;
    // As if the process died between the commit and the send: inserted claimed, handed to no one.
    const { claimed } = await queueClaimedOfferSms(
      db,
      { lead_id: lead, offers: [{ dedupe_key: key, contractor_id, body: `offer ${lead}`, expires_at: hour() }] },
      1,
    );
    expect(claimed).toHaveLength(1);
    expect(await rowOf(db, key)).toMatchObject({ status: 'sending', attempts: 1 });
    return { lead, key };
  };

  it('is reconciled after its lease, found absent at the provider, and sent once', async () => {
    const { db, fake } = env;
    const { key } = await lostOffer('+14045550211');
    await settled(db, key, 'sent', 'the lost offer recovered and sent');
    // Reconciliation asked Twilio, which had no such message: the retry is the second attempt.
    expect(await rowOf(db, key)).toMatchObject({ status: 'sent', attempts: 2 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fake.messages.filter((m) => m.to === '+14045550211')).toHaveLength(1);
  });

  it('is never sent once its lead was sold while it waited for its lease', async () => {
    const { db, fake } = env;
    const { lead, key } = await lostOffer('+14045550212');
    expect(await cancelLeadOffers(db, lead, 'lead sold before the offer was sent')).toBe(1);
    // Past its lease, and past a retry's delay had it been reconciled.
    await new Promise((r) => setTimeout(r, 4_000));
    expect((await rowOf(db, key)).status).toBe('cancelled');
    expect(fake.messages.some((m) => m.to === '+14045550212')).toBe(false);
  });
});
