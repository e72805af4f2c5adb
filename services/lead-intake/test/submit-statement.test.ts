import { randomUUID } from 'node:crypto';
import { migrateService, onCommittedHandOff, outboxChannel, outboxWriteOf, takeHandOff } from '@leadmarket/platform';
import { createTestInfra, waitFor, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadIntakeDatabase } from '../src/db/database.js';
import { insertLeadWithEvent, leadSubmittedOf, type NewLead } from '../src/db/lead.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { newLeadRecord } from './helpers.js';

/**
 * leads-submit stores the lead and its LeadSubmitted in one statement (no transaction): both or
 * neither, and the hand-off to this process's relay, once the statement has answered, only when
 * the lead was stored. No NOTIFY: it would queue the commit behind the database's other ones.
 */
describe('the lead and its LeadSubmitted in one statement', () => {
  let infra: TestInfra;
  let db: Kysely<LeadIntakeDatabase>;
  const notices: string[] = [];
  /** Tokens handed to this process's relay (this test stands in for it). */
  const handedOff: string[] = [];
  let unlisten: (() => Promise<void>) | undefined;
  let stopTaking: (() => void) | undefined;
  const channel = outboxChannel('lead-intake');

  beforeAll(async () => {
    infra = await createTestInfra();
    await migrateService(infra.database, 'lead-intake', migrations);
    db = infra.database.forService('lead-intake');
    unlisten = await infra.database.listen(channel, (payload) => notices.push(payload));
    stopTaking = onCommittedHandOff('lead-intake', (token) => handedOff.push(token));
  });
  afterAll(async () => {
    stopTaking?.();
    await unlisten?.();
    await infra.cleanup();
  });

  const newLead = (over: Partial<NewLead> = {}): NewLead =>
    newLeadRecord({ description: "Kitchen sink is leaking under the cabinet; it's getting worse \\ fast.", ...over });

  /** Store `lead` with its LeadSubmitted as submitLead does; returns what it stored and the hand-off token. */
  const store = async (lead: NewLead) => {
    const write = outboxWriteOf('lead-intake', leadSubmittedOf(lead, null));
    const stored = await insertLeadWithEvent(db, lead, write);
    return { stored, event: JSON.parse(write.envelope), token: write.token };
  };

  /** A NOTIFY sent after `token`'s would-be one: once it arrives, every earlier one has too (commit order). */
  const noticesUpTo = async () => {
    const marker = `marker-${randomUUID()}`;
    await db.selectNoFrom((eb) => eb.fn<string>('pg_notify', [eb.val(channel), eb.val(marker)]).as('n')).execute();
    await waitFor(() => notices.includes(marker), 'the marker NOTIFY');
    return notices.slice(0, notices.indexOf(marker));
  };

  it('writes the lead and its outbox row together, then hands the event to the relay', async () => {
    const lead = newLead({ idempotency_key: `form-${randomUUID()}`, request_hash: 'h1' });
    const { stored, event, token } = await store(lead);
    expect(stored).toBe(true);
    const row = await db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'screening',
      description: lead.description,
      idempotency_key: lead.idempotency_key,
    });
    const outbox = await db.selectFrom('outbox').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(outbox.type).toBe('LeadSubmitted');
    expect(outbox.processed_at).toBeNull();
    const envelope = typeof outbox.envelope === 'string' ? JSON.parse(outbox.envelope) : outbox.envelope;
    expect(envelope).toEqual(JSON.parse(JSON.stringify(event)));
    // Handed off as the statement answered (it had committed), with no NOTIFY on the way.
    expect(handedOff).toContain(token);
    expect(await noticesUpTo()).not.toContain(token);
    // The relay of this process takes the envelopes behind the token and publishes them from memory.
    expect(takeHandOff('lead-intake', token)).toEqual([event]);
  });

  it('refuses to run inside a transaction, where its answer would not mean committed', async () => {
    const lead = newLead();
    const write = outboxWriteOf('lead-intake', leadSubmittedOf(lead, null));
    await expect(db.transaction().execute((trx) => insertLeadWithEvent(trx, lead, write))).rejects.toThrow(
      /outside a transaction/,
    );
    expect(handedOff).not.toContain(write.token);
    expect(await db.selectFrom('leads').select('id').where('id', '=', lead.id).execute()).toEqual([]);
  });

  it('writes nothing and hands nothing off when the idempotency key exists already', async () => {
    const key = `form-${randomUUID()}`;
    const first = await store(newLead({ idempotency_key: key, request_hash: 'h1' }));
    expect(first.stored).toBe(true);
    const repeat = await store(newLead({ idempotency_key: key, request_hash: 'h2' }));
    expect(repeat.stored).toBe(false);
    expect(await db.selectFrom('leads').select('id').where('idempotency_key', '=', key).execute()).toEqual([
      { id: first.event.data.lead_id },
    ]);
    expect(await db.selectFrom('outbox').select('id').where('id', '=', repeat.event.id).execute()).toEqual([]);
    expect(handedOff).not.toContain(repeat.token);
    expect(await noticesUpTo()).not.toContain(repeat.token);
  });

  it('writes neither the lead nor its event when the statement fails', async () => {
    const first = await store(newLead());
    // The same lead id again with no key: the primary key refuses it, and the outbox insert with it.
    const again = newLead({ id: first.event.data.lead_id, description: 'A second lead under the same id.' });
    await expect(store(again)).rejects.toThrow();
    expect(await db.selectFrom('leads').select('description').where('id', '=', again.id).execute()).toEqual([
      { description: first.event.data.description },
    ]);
    const rows = await db
      .selectFrom('outbox')
      .select('id')
      .where('type', '=', 'LeadSubmitted')
      .where(sql`envelope->'data'->>'lead_id'`, '=', again.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
