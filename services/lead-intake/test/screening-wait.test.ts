import { randomUUID } from 'node:crypto';
import { migrateService } from '@leadmarket/platform';
import { createTestInfra, testLogger, type TestInfra } from '@leadmarket/platform/testing';
import { sql, type Kysely } from 'kysely';
import type { LeadIntakeDatabase } from '../src/db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead, recordScreening } from '../src/db/lead.repository.js';
import { migrations } from '../src/db/migrations/index.js';
import { LEAD_SCREENED_CHANNEL, ScreeningWaiter } from '../src/screening-wakeups.js';

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
    await insertLead(db, {
      id,
      customer_name: 'Jane Doe',
      phone: '+12125550147',
      email: null,
      zip_code: '94107',
      service_category: 'home_services',
      sub_service: 'plumbing',
      description: 'Kitchen sink is leaking under the cabinet.',
      urgency: 'Standard',
      preferred_contractor_id: null,
      client_ip_hash: null,
      is_test: false,
      created_at: new Date(),
      idempotency_key: null,
      request_hash: null,
    });
  };
  const verdict = { status: 'valid' as const, validation_summary: allGood, reasons: [], screened_at: new Date() };

  it("is woken by another instance's NOTIFY (no polling: the fallback is set to a minute)", async () => {
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
