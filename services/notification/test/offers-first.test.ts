import { randomBytes, randomUUID } from 'node:crypto';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, waitFor, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDatabase } from '../src/db/database.js';
import {
  claimDueDeliveries,
  OFFER_HEAD_START_SECONDS,
  queueDeliveries,
  type NewDelivery,
} from '../src/db/deliveries.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { service as notification } from '../src/index.js';
import { startFakeTwilio, twilioTestEnv } from './fake-twilio.js';

// A contractor's offer races other contractors for the lead; a customer's confirmation code is
// queued before the lead's offers are decided. Under load the offer goes first, and the code still
// goes out: it is overtaken only by offers queued within OFFER_HEAD_START_SECONDS after it.
const hour = () => new Date(Date.now() + 3_600_000).toISOString();
const code = (to: string): NewDelivery => {
  const lead = randomUUID();
  return {
    dedupe_key: `contact_code:${lead}:1:sms`,
    kind: 'contact_code',
    channel: 'sms',
    recipient: to,
    body: `Your leadmarket code is 123456 ${lead}`,
    lead_id: lead,
    expires_at: hour(),
  };
};
const offer = (to: string): NewDelivery => {
  const lead = randomUUID();
  return {
    dedupe_key: `lead_offer:${lead}:C-1`,
    kind: 'lead_offer',
    channel: 'sms',
    recipient: to,
    body: `New lead: https://leads.example.test/claim/${randomBytes(12).toString('base64url')}`,
    lead_id: lead,
    contractor_id: 'C-1',
    expires_at: hour(),
  };
};

/** Queue the list in one transaction, each row queued `agesInSeconds[i]` ago, so the sender sees them all at once. */
async function queueAged(db: Kysely<NotificationDatabase>, list: Array<[NewDelivery, number]>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await queueDeliveries(
      trx,
      list.map(([d]) => d),
    );
    for (const [d, age] of list)
      await trx
        .updateTable('deliveries')
        .set({ created_at: sql`now() - make_interval(secs => ${age})` })
        .where('dedupe_key', '=', d.dedupe_key)
        .execute();
  });
}

describe('offers before codes', () => {
  let stack: TestStack;
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  const db = () => stack.marketplace.services.get('notification')!.ctx.db as Kysely<NotificationDatabase>;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    stack = await startTestStack({
      services: [notification],
      env: {
        ...twilioTestEnv(fake.url),
        // One delivery a claim: the order of the claims is the order the messages reach Twilio.
        NOTIFICATION_BATCH_SIZE: '1',
        NOTIFICATION_POLL_MS: '100',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('sends a contractor’s offer before a customer’s code queued earlier, and then the code', async () => {
    const theCode = code('+14045550111');
    const theOffer = offer('+14045550112');
    await queueAged(db(), [
      [theCode, 1],
      [theOffer, 0],
    ]);
    await waitFor(() => fake.messages.some((m) => m.to === '+14045550111'), 'the code SMS at Twilio', 15_000);
    const order = fake.messages.filter((m) => m.to === '+14045550111' || m.to === '+14045550112').map((m) => m.to);
    expect(order).toEqual(['+14045550112', '+14045550111']);
    await waitFor(
      async () =>
        (
          await db()
            .selectFrom('deliveries')
            .select('status')
            .where('dedupe_key', 'in', [theCode.dedupe_key, theOffer.dedupe_key])
            .where('status', '=', 'sent')
            .execute()
        ).length === 2,
      'both recorded as sent',
    );
  });

  it('a code that has waited longer than an offer’s head start goes before the offer', async () => {
    const oldCode = code('+14045550121');
    const theOffer = offer('+14045550122');
    await queueAged(db(), [
      [oldCode, OFFER_HEAD_START_SECONDS + 2],
      [theOffer, 0],
    ]);
    await waitFor(() => fake.messages.some((m) => m.to === '+14045550122'), 'the offer SMS at Twilio', 15_000);
    const order = fake.messages.filter((m) => m.to === '+14045550121' || m.to === '+14045550122').map((m) => m.to);
    expect(order).toEqual(['+14045550121', '+14045550122']);
  });
});

describe('claiming due deliveries in turn', () => {
  // The statement alone, on the service's schema with no sender running: a sender's first claim at
  // start-up could otherwise land at any moment and take part of the queue (it did, on a busy CI).
  let infra: TestInfra;
  let db: Kysely<NotificationDatabase>;

  beforeAll(async () => {
    infra = await createTestInfra();
    await migrateService(infra.database, 'notification', migrations);
    db = infra.database.forService('notification');
  });
  afterAll(async () => {
    await infra?.cleanup();
  });

  it('a burst of codes queued before an offer does not delay it, and every code is claimed after it', async () => {
    const codes = Array.from({ length: 30 }, (_, i) => code(`+1404555${String(2000 + i)}`));
    const theOffer = offer('+14045550199');
    await queueAged(db, [...codes.map((c, i): [NewDelivery, number] => [c, 1 + i / 100]), [theOffer, 0]]);
    const first = await claimDueDeliveries(db, 10);
    expect(first[0]).toMatchObject({ kind: 'lead_offer', recipient: '+14045550199' });
    // The rest of the batch and the next batches: the codes, oldest first.
    const rest = [...first.slice(1), ...(await claimDueDeliveries(db, 100))];
    expect(rest.map((d) => d.recipient)).toEqual(codes.map((c) => c.recipient).reverse());
  });
});
