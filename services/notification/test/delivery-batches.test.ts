import { randomUUID } from 'node:crypto';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDatabase } from '../src/db/database.js';
import {
  claimDueDeliveries,
  markAllSent,
  queueDeliveries,
  takeInterruptedDeliveries,
  type NewDelivery,
} from '../src/db/deliveries.repository.js';
import { migrations } from '../src/db/migrations/index.js';

// The sender's statements work on whole batches (a lead's five offers queued in one insert, due
// deliveries claimed in one update, what the provider accepted recorded in one update): these are
// the guarantees the sender relies on, on real PostgreSQL and on PGlite alike.
describe('delivery batches', () => {
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

  const offers = (n: number, lead = randomUUID()): NewDelivery[] =>
    Array.from({ length: n }, (_, i) => ({
      dedupe_key: `lead_offer:${lead}:C-${i}`,
      kind: 'lead_offer',
      channel: 'sms',
      recipient: `+1415555${String(1000 + i)}`,
      body: `offer ${i} of ${lead}`,
      lead_id: lead,
      contractor_id: `C-${i}`,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }));
  const statusOf = async (ids: string[]) =>
    db
      .selectFrom('deliveries')
      .select(['id', 'status', 'provider_message_id', 'body'])
      .where('id', 'in', ids)
      .execute();

  it('queues a lead’s offers in one insert and a redelivery queues none of them again', async () => {
    const lead = randomUUID();
    expect(await queueDeliveries(db, offers(5, lead))).toBe(5);
    expect(await queueDeliveries(db, offers(5, lead))).toBe(0);
    // One already queued, two new: only the new ones count.
    expect(await queueDeliveries(db, offers(7, lead))).toBe(2);
    const rows = await db.selectFrom('deliveries').select('id').where('lead_id', '=', lead).execute();
    expect(rows).toHaveLength(7);
  });

  it('senders claiming at the same time never take the same delivery, and each is taken once', async () => {
    // Whatever earlier tests left due is taken first, so this one starts from an empty queue.
    while ((await claimDueDeliveries(db, 100)).length > 0);
    for (let i = 0; i < 8; i++) await queueDeliveries(db, offers(5));
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueDeliveries(db, 7)));
    const again = await claimDueDeliveries(db, 100);
    const taken = [...claims.flat(), ...again].map((d) => d.id);
    expect(taken).toHaveLength(40);
    expect(new Set(taken).size).toBe(40);
    expect(claims.flat().every((d) => d.attempts === 1)).toBe(true);
    // Nothing is due any more: every row is `sending`.
    expect(await claimDueDeliveries(db, 100)).toEqual([]);
  });

  it('records each sent message with its own provider id and body in one statement', async () => {
    await queueDeliveries(db, offers(3));
    const batch = await claimDueDeliveries(db, 3);
    expect(batch).toHaveLength(3);
    const sent = batch.map((d, i) => ({
      id: d.id,
      provider: 'twilio',
      providerMessageId: `SM${i}${randomUUID().slice(0, 8)}`,
      status: 'queued',
      body: `kept ${i}`,
    }));
    await markAllSent(db, sent.slice(0, 2));
    const rows = new Map((await statusOf(batch.map((d) => d.id))).map((r) => [r.id, r]));
    for (const s of sent.slice(0, 2)) {
      expect(rows.get(s.id)).toMatchObject({ status: 'sent', provider_message_id: s.providerMessageId, body: s.body });
    }
    // Not recorded (its provider call failed ambiguously): it stays `sending`, for recovery.
    expect(rows.get(sent[2]!.id)).toMatchObject({ status: 'sending', provider_message_id: null });
  });

  it('an interrupted delivery is taken for reconciliation by one sender only', async () => {
    while ((await claimDueDeliveries(db, 100)).length > 0);
    await queueDeliveries(db, offers(4));
    const claimed = await claimDueDeliveries(db, 4, 0);
    expect(claimed).toHaveLength(4);
    // Its lease (0 s) is over: as if the sender had died around the provider call.
    await db
      .updateTable('deliveries')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(
        'id',
        'in',
        claimed.map((d) => d.id),
      )
      .execute();
    const takes = await Promise.all([1, 2, 3].map(() => takeInterruptedDeliveries(db, 10, 60)));
    const ids = takes.flat().map((d) => d.id);
    expect(ids.sort()).toEqual(claimed.map((d) => d.id).sort());
  });
});
