import { randomUUID } from 'node:crypto';
import { migrateService, outboxWriteOf } from '@leadmarket/platform';
import { createTestInfra, testLogger, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import type { LeadIntakeDatabase } from '../src/db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertLeadWithEvent,
  leadSubmittedOf,
  recordScreening,
  recordScreeningAndNotify,
} from '../src/db/lead.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import {
  LEAD_SCREENED_CHANNEL,
  parseScreenedNotice,
  ScreeningWaiter,
  screenedNotice,
} from '../src/screening-wakeups.js';
import { newLeadRecord } from './helpers.js';

const allGood = { phone_valid: true, email_valid: true, content_valid: true, is_duplicate: false, ip_rate_ok: true };

/** leads-submit's wait for the verdict: woken by notification, reading the table only as a slow fallback. */
describe('waiting for the screening verdict', () => {
  let infra: TestInfra;
  let db: Kysely<LeadIntakeDatabase>;
  const waiters: ScreeningWaiter[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    await migrateService(infra.database, 'lead-intake', migrations);
    db = infra.database.forService('lead-intake');
  });
  afterAll(async () => {
    for (const w of waiters) await w.stop();
    await infra.cleanup();
  });

  const startWaiter = async (fallbackPollMs?: number) => {
    const waiter = new ScreeningWaiter(db, infra.database, testLogger(), fallbackPollMs);
    await waiter.start();
    waiters.push(waiter);
    return waiter;
  };
  const storeLead = async (id: string) => {
    const lead = newLeadRecord({ id });
    await insertLeadWithEvent(db, lead, outboxWriteOf('lead-intake', leadSubmittedOf(lead)));
  };
  const verdict = { status: 'valid' as const, validation_summary: allGood, reasons: [], screened_at: new Date() };

  it('is woken by a bare-id NOTIFY (an instance from before the verdict travelled with it; no polling)', async () => {
    const waiter = await startWaiter(60_000);
    const id = randomUUID();
    const watch = waiter.watch(id);
    await storeLead(id);
    // What the LeadScreened consumer of another lead-intake instance does: record and notify in one transaction.
    await db.transaction().execute(async (trx) => {
      await recordScreening(trx, id, verdict);
      await sql`select pg_notify(${LEAD_SCREENED_CHANNEL}, ${id})`.execute(trx);
    });
    const lead = await watch.verdict(30_000);
    expect(lead).toMatchObject({ status: 'available', validation_summary: allGood });
  });

  it("answers from the verdict another instance's NOTIFY carries, without reading the lead", async () => {
    const waiter = await startWaiter(60_000);
    const id = randomUUID();
    const watch = waiter.watch(id);
    // The lead is never stored here: a waiter that read it would find nothing and answer undefined.
    const screenedAt = new Date();
    const state = {
      status: 'rejected' as const,
      validation_summary: { ...allGood, is_duplicate: true },
      rejection_reasons: ['duplicate:recent_same_service'],
      screened_at: screenedAt,
    };
    await sql`select pg_notify(${LEAD_SCREENED_CHANNEL}, ${screenedNotice(id, state)})`.execute(db);
    expect(await watch.verdict(30_000)).toEqual(state);
  });

  it('reads a NOTIFY payload: the verdict, or a bare lead id (an older instance, an oversized verdict)', () => {
    const state = {
      status: 'available' as const,
      validation_summary: allGood,
      rejection_reasons: [],
      screened_at: new Date('2026-11-25T10:00:00.000Z'),
    };
    const id = randomUUID();
    expect(parseScreenedNotice(screenedNotice(id, state))).toEqual({ leadId: id, verdict: state });
    expect(parseScreenedNotice(id)).toEqual({ leadId: id });
    const huge = { ...state, rejection_reasons: Array.from({ length: 2000 }, () => 'content:spam') };
    expect(screenedNotice(id, huge)).toBe(id);
    expect(parseScreenedNotice('{"lead_id":"x","status":"weird"}')).toEqual({ leadId: 'x' });
  });

  it('records a verdict and its NOTIFY in one statement, only when the lead moves', async () => {
    const waiter = await startWaiter(60_000);
    const id = randomUUID();
    const watch = waiter.watch(id);
    await storeLead(id);
    const state = {
      status: 'available' as const,
      validation_summary: allGood,
      rejection_reasons: [],
      screened_at: verdict.screened_at,
    };
    const notice = { channel: LEAD_SCREENED_CHANNEL, payload: screenedNotice(id, state) };
    expect(await recordScreeningAndNotify(db, id, verdict, notice)).toBe(true);
    expect(await watch.verdict(30_000)).toEqual(state);
    // A repeated verdict changes nothing and notifies nobody.
    const seen: string[] = [];
    const unlisten = await infra.database.listen(LEAD_SCREENED_CHANNEL, (p) => seen.push(p));
    try {
      expect(await recordScreeningAndNotify(db, id, { ...verdict, status: 'rejected' }, notice)).toBe(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
    } finally {
      await unlisten();
    }
    expect(await db.selectFrom('leads').select('status').where('id', '=', id).executeTakeFirst()).toEqual({
      status: 'available',
    });
  });

  it("answers from the verdict this process's consumer hands over after its commit", async () => {
    const waiter = await startWaiter(60_000);
    const id = randomUUID();
    const watch = waiter.watch(id);
    await storeLead(id);
    const screenedAt = new Date();
    waiter.wake(id, {
      status: 'rejected',
      validation_summary: { ...allGood, phone_valid: false },
      rejection_reasons: ['phone:invalid_number'],
      screened_at: screenedAt,
    });
    expect(await watch.verdict(30_000)).toMatchObject({
      status: 'rejected',
      rejection_reasons: ['phone:invalid_number'],
      screened_at: screenedAt,
    });
  });

  it('finds a verdict whose notification was lost by reading the lead again (the slow fallback)', async () => {
    const waiter = await startWaiter();
    const id = randomUUID();
    const watch = waiter.watch(id);
    await storeLead(id);
    await recordScreening(db, id, verdict); // no NOTIFY, no in-process wake
    expect(await watch.verdict(30_000)).toMatchObject({ status: 'available', validation_summary: allGood });
  });

  it('returns the unscreened lead when the wait ends without a verdict', async () => {
    const waiter = await startWaiter();
    const id = randomUUID();
    const watch = waiter.watch(id);
    await storeLead(id);
    expect(await watch.verdict(300)).toMatchObject({ status: 'screening', screened_at: null });
  });

  it('answers at once for a lead stored and screened earlier (an idempotent repeat)', async () => {
    const waiter = await startWaiter(60_000);
    const id = randomUUID();
    await storeLead(id);
    await recordScreening(db, id, verdict);
    expect(await waiter.waitForVerdict(id, 30_000)).toMatchObject({ status: 'available' });
  });
});
