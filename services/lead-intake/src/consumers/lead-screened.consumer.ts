import { recordScreeningAndNotify } from '../db/lead.repository.js';
import { defineLeadIntakeConsumer } from '../context.js';
import { LEAD_SCREENED_CHANNEL, screenedNotice, type ScreeningState } from '../screening-wakeups.js';

/** Store screening's verdict (available or rejected) and wake the leads-submit request waiting for it. */
export const leadScreenedConsumer = defineLeadIntakeConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    const screenedAt = new Date(data.screened_at);
    const state: ScreeningState = {
      status: data.status === 'valid' ? 'available' : 'rejected',
      validation_summary: data.validation_summary,
      rejection_reasons: data.reasons,
      screened_at: screenedAt,
    };
    // The NOTIFY (delivered at commit to every lead-intake instance listening on this database)
    // carries the verdict, so a request waiting on any instance answers without reading the lead.
    const changed = await recordScreeningAndNotify(
      ctx.trx,
      data.lead_id,
      {
        status: data.status,
        validation_summary: data.validation_summary,
        reasons: data.reasons,
        screened_at: screenedAt,
      },
      { channel: LEAD_SCREENED_CHANNEL, payload: screenedNotice(data.lead_id, state) },
    );
    if (!changed) return;
    // A waiting request of this process answers from the verdict itself, even if LISTEN is down.
    ctx.afterCommit(() => ctx.service.screeningWaiter.wake(data.lead_id, state));
  },
});
