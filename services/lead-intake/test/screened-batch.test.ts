import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import { migrateService, type BatchConsumerContext, type ConsumerContext, type NewEvent } from '@leadmarket/platform';
import { createTestInfra, type TestInfra } from '@leadmarket/platform/testing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadScreenedConsumer } from '../src/consumers/lead-screened.consumer.js';
import type { LeadIntakeContext } from '../src/context.js';
import type { LeadIntakeDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { newLeadRecord } from './helpers.js';

/**
 * LeadScreened's batch handler (one UPDATE … FROM for the verdicts of a batch) has the effect of its
 * one-at-a-time handler on each event in turn: the same leads move, the same customers are told.
 */
describe('LeadScreened verdicts that arrive together', () => {
  let infra: TestInfra;
  let db: Kysely<LeadIntakeDatabase>;

  beforeAll(async () => {
    infra = await createTestInfra();
    await migrateService(infra.database, 'lead-intake', migrations);
    db = infra.database.forService('lead-intake');
  });
  afterAll(async () => {
    await infra.cleanup();
  });

  const summary = { phone_valid: true, email_valid: true, content_valid: true, is_duplicate: false, ip_rate_ok: true };

  /** One lead per role, stored as the submit left it; the events name roles, answered with the lead ids. */
  const scenario = async () => {
    const roles = {
      awaitedValid: { status: 'screening', verdict_awaited: true, is_test: false },
      quietRejected: { status: 'screening', verdict_awaited: false, is_test: false },
      answeredAlready: { status: 'available', verdict_awaited: false, is_test: false },
      twiceAwaited: { status: 'screening', verdict_awaited: true, is_test: false },
      released: { status: 'rejected', verdict_awaited: false, is_test: false },
      testAwaited: { status: 'screening', verdict_awaited: true, is_test: true },
      rejectedAwaited: { status: 'screening', verdict_awaited: true, is_test: false },
    } as const;
    const ids = {} as Record<keyof typeof roles, string>;
    for (const [role, row] of Object.entries(roles)) {
      const lead = newLeadRecord({ is_test: row.is_test, customer_name: `Customer ${role}` });
      ids[role as keyof typeof roles] = lead.id;
      await db
        .insertInto('leads')
        .values({ ...lead, status: row.status, verdict_awaited: row.verdict_awaited })
        .execute();
    }
    // Each verdict its own time, the same in every scenario: a lead's row shows which verdict moved it.
    let n = 0;
    const screened = (
      role: keyof typeof roles,
      status: 'valid' | 'rejected',
      over: Partial<EventData<'LeadScreened'>> = {},
    ): EventEnvelope<EventData<'LeadScreened'>> => ({
      id: randomUUID(),
      type: 'LeadScreened',
      version: 1,
      occurred_at: new Date().toISOString(),
      producer: 'screening',
      correlation_id: randomUUID(),
      data: {
        lead_id: ids[role],
        status,
        validation_summary: { ...summary, content_valid: status === 'valid' },
        reasons: status === 'valid' ? [] : ['content'],
        service_category: 'home_services',
        sub_service: 'plumbing',
        zip_code: '94107',
        urgency: 'Standard',
        description: 'A leaking sink',
        preferred_contractor_id: null,
        is_test: roles[role].is_test,
        submitted_at: new Date().toISOString(),
        screened_at: new Date(Date.UTC(2026, 0, 1) + ++n * 1000).toISOString(),
        ...over,
      },
    });
    const events = [
      screened('awaitedValid', 'valid'),
      screened('quietRejected', 'rejected'),
      screened('answeredAlready', 'rejected'),
      screened('twiceAwaited', 'rejected'),
      // The same lead's second verdict (in the same statement): it finds the lead screened by the first.
      screened('twiceAwaited', 'valid'),
      screened('released', 'valid', { released_at: new Date().toISOString() }),
      screened('testAwaited', 'valid'),
      screened('rejectedAwaited', 'rejected'),
    ];
    const roleOf = new Map(Object.entries(ids).map(([role, id]) => [id, role]));
    /** What happened, by role: each lead's state and every customer told, in order. */
    const outcome = async (told: Array<{ source: string; events: NewEvent[] }>) => {
      const rows = await db
        .selectFrom('leads')
        .select(['id', 'status', 'validation_summary', 'rejection_reasons', 'screened_at'])
        .where('id', 'in', Object.values(ids))
        .execute();
      const eventOf = new Map(events.map((e, i) => [e.id, i]));
      return {
        leads: Object.fromEntries(
          rows.map((r) => [
            roleOf.get(r.id),
            {
              status: r.status,
              summary: r.validation_summary,
              reasons: r.rejection_reasons,
              screened: r.screened_at?.toISOString(),
            },
          ]),
        ),
        told: told.flatMap(({ source, events: emitted }) =>
          emitted.map((e) => {
            const data = e.data as EventData<'CustomerToBeTold'>;
            return { event: eventOf.get(source), type: e.type, lead: roleOf.get(data.lead_id), outcome: data.outcome };
          }),
        ),
      };
    };
    return { events, outcome };
  };

  const base = (trx: Kysely<LeadIntakeDatabase>) => ({
    trx,
    afterCommit: () => {},
    log: { info() {}, warn() {}, debug() {}, error() {} },
    kv: undefined,
    service: undefined,
  });

  it('moves the same leads and tells the same customers as one event at a time', async () => {
    const one = await scenario();
    const toldOne: Array<{ source: string; events: NewEvent[] }> = [];
    await db.transaction().execute(async (trx) => {
      for (const event of one.events)
        await leadScreenedConsumer.handle(event, {
          ...base(trx),
          emit: async (events: NewEvent[]) => void toldOne.push({ source: event.id, events }),
          reply: () => {},
        } as unknown as ConsumerContext<LeadIntakeContext>);
    });
    const together = await scenario();
    const toldTogether: Array<{ source: string; events: NewEvent[] }> = [];
    await db.transaction().execute(async (trx) => {
      await leadScreenedConsumer.handleBatch!(together.events, {
        ...base(trx),
        emit: async (source: EventEnvelope, events: NewEvent[]) =>
          void toldTogether.push({ source: source.id, events }),
        reply: () => {},
      } as unknown as BatchConsumerContext<LeadIntakeContext>);
    });
    const expected = await one.outcome(toldOne);
    // The scenario means something: leads moved, and customers were told each way.
    expect(expected.leads.awaitedValid!.status).toBe('available');
    expect(expected.leads.twiceAwaited!.status).toBe('rejected');
    expect(expected.leads.released!.status).toBe('available');
    expect(expected.leads.answeredAlready!.status).toBe('available');
    expect(expected.told.map((t) => [t.lead, t.outcome])).toEqual([
      ['awaitedValid', 'accepted'],
      ['twiceAwaited', 'rejected'],
      ['released', 'released'],
      ['rejectedAwaited', 'rejected'],
    ]);
    expect(await together.outcome(toldTogether)).toEqual(expected);
  });
});
