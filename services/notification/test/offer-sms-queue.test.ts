import { randomUUID } from 'node:crypto';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markContactDeleted, upsertContact } from '../src/db/contacts.repository.js';
import type { NotificationDatabase } from '../src/db/database.js';
import { queueClaimedOfferSms, type OfferSms } from '../src/db/deliveries.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import * as contactPhoneE164 from '../src/db/migrations/2026_12_07_1810_contact_phone_e164.js';

/** The offers queued for the sender's claim (no lease): the contractors whose SMS was new. */
const queueOfferSms = async (db: Parameters<typeof queueClaimedOfferSms>[0], o: OfferSms) =>
  (await queueClaimedOfferSms(db, o, null)).queued;

// A lead's offer SMS are queued by one statement joining the offers with the contacts projection,
// which keeps each phone in E.164 (docs/adr/0055): who gets one, and to which number, is decided
// there, as the consumer decided it when it read the contacts and normalised each phone itself.
describe('offer SMS queued from the contacts projection', () => {
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

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const contractor = () => `C-${randomUUID().slice(0, 8)}`;
  const offersOf = (lead: string, contractors: string[]) => ({
    lead_id: lead,
    offers: contractors.map((c) => ({
      dedupe_key: `lead_offer:${lead}:${c}`,
      contractor_id: c,
      body: `offer of ${lead} to ${c}`,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })),
  });
  const deliveriesOf = (lead: string) =>
    db
      .selectFrom('deliveries')
      .select(['contractor_id', 'recipient', 'status', 'kind', 'channel', 'body', 'dedupe_key'])
      .where('lead_id', '=', lead)
      .execute();

  it('texts each consenting contractor at the phone in E.164, and a redelivery queues nothing', async () => {
    const [consenting, optedOut, deleted, unreadable, unknown] = [1, 2, 3, 4, 5].map(contractor);
    await upsertContact(db, { contractor_id: consenting!, phone: '(404) 555-0101', sms_opt_in: true, at: at(5) });
    await upsertContact(db, { contractor_id: optedOut!, phone: '(404) 555-0102', sms_opt_in: false, at: at(5) });
    await upsertContact(db, { contractor_id: deleted!, phone: '(404) 555-0103', sms_opt_in: true, at: at(5) });
    await markContactDeleted(db, deleted!, at(1));
    await upsertContact(db, { contractor_id: unreadable!, phone: '12', sms_opt_in: true, at: at(5) });
    const lead = randomUUID();
    const all = [consenting!, optedOut!, deleted!, unreadable!, unknown!];

    expect(await queueOfferSms(db, offersOf(lead, all))).toEqual([consenting]);
    expect(await deliveriesOf(lead)).toEqual([
      {
        contractor_id: consenting,
        recipient: '+14045550101',
        status: 'pending',
        kind: 'lead_offer',
        channel: 'sms',
        body: `offer of ${lead} to ${consenting}`,
        dedupe_key: `lead_offer:${lead}:${consenting}`,
      },
    ]);
    expect(await queueOfferSms(db, offersOf(lead, all))).toEqual([]);
    expect(await deliveriesOf(lead)).toHaveLength(1);
  });

  it('a changed phone is texted in its new form, and an erased one not at all', async () => {
    const c = contractor();
    await upsertContact(db, { contractor_id: c, phone: '404-555-0111', sms_opt_in: true, at: at(10) });
    await upsertContact(db, { contractor_id: c, phone: '+1 (678) 555-0112', sms_opt_in: true, at: at(5) });
    const lead = randomUUID();
    await queueOfferSms(db, offersOf(lead, [c]));
    expect((await deliveriesOf(lead)).map((d) => d.recipient)).toEqual(['+16785550112']);

    await markContactDeleted(db, c, at(1));
    const row = await db.selectFrom('contacts').select('phone_e164').where('contractor_id', '=', c).executeTakeFirst();
    expect(row?.phone_e164).toBeNull();
    expect(await queueOfferSms(db, offersOf(randomUUID(), [c]))).toEqual([]);
  });

  it('the migration gives contacts stored before it their phone in E.164, page after page', async () => {
    // More contacts than one backfill statement takes, stored as before the column existed.
    const n = 2_500;
    await contactPhoneE164.down(db);
    const stored = Array.from({ length: n }, (_, i) => {
      const g = String(i + 1).padStart(5, '0');
      return { contractor_id: `B-${g}`, phone: `(404) 555-${g.slice(1)}` };
    });
    await db
      .insertInto('contacts')
      .values(
        [...stored, { contractor_id: 'B-unreadable', phone: '12' }].map((c) => ({
          ...c,
          sms_opt_in: true,
          profile_at: new Date().toISOString(),
        })),
      )
      .execute();
    await contactPhoneE164.up(db);

    const rows = await db
      .selectFrom('contacts')
      .select(['contractor_id', 'phone_e164'])
      .where('contractor_id', 'like', 'B-%')
      .orderBy('contractor_id')
      .execute();
    expect(rows).toHaveLength(n + 1);
    expect(rows[0]).toEqual({ contractor_id: 'B-00001', phone_e164: '+14045550001' });
    expect(rows[n - 1]).toEqual({ contractor_id: `B-0${n}`, phone_e164: `+1404555${n}` });
    expect(rows.filter((r) => r.phone_e164 === null).map((r) => r.contractor_id)).toEqual(['B-unreadable']);
    // A contact written since and one the migration backfilled are both texted.
    const c = contractor();
    await upsertContact(db, { contractor_id: c, phone: '(404) 555-0121', sms_opt_in: true, at: at(5) });
    expect(await queueOfferSms(db, offersOf(randomUUID(), [c, 'B-00042']))).toHaveLength(2);
  });
});
