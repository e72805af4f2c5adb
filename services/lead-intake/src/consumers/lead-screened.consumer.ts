import { sql } from 'kysely';
import { recordScreening } from '../db/lead.repository.js';
import { defineLeadIntakeConsumer } from '../context.js';
import { LEAD_SCREENED_CHANNEL } from '../screening-wakeups.js';

/** Store screening's verdict (available or rejected) and wake the leads-submit request waiting for it. */
export const leadScreenedConsumer = defineLeadIntakeConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    const screenedAt = new Date(data.screened_at);
    const changed = await recordScreening(ctx.trx, data.lead_id, {
      status: data.status,
      validation_summary: data.validation_summary,
      reasons: data.reasons,
      screened_at: screenedAt,
    });
    if (!changed) return;
    // Delivered at commit, to every lead-intake instance listening on this database.
    await sql`select pg_notify(${LEAD_SCREENED_CHANNEL}, ${data.lead_id})`.execute(ctx.trx);
    // A waiting request of this process answers from the verdict itself, without reading the lead.
    ctx.afterCommit(() =>
      ctx.service.screeningWaiter.wake(data.lead_id, {
        status: data.status === 'valid' ? 'available' : 'rejected',
        validation_summary: data.validation_summary,
        rejection_reasons: data.reasons,
        screened_at: screenedAt,
      }),
    );
  },
});
