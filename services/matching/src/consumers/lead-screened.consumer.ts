import { recordPendingLead } from '../db/leads.repository.js';
import { defineMatchingConsumer } from '../context.js';

/**
 * A valid lead is stored as pending; the matcher (which must price it over HTTP, outside this
 * transaction) picks it up after commit. A rejected lead is never stored, so never offered.
 */
export const leadScreenedConsumer = defineMatchingConsumer({
  event: 'LeadScreened',
  async handle({ data }, { trx, afterCommit, service }) {
    if (data.status !== 'valid') return;
    await recordPendingLead(trx, {
      lead_id: data.lead_id,
      service_category: data.service_category,
      sub_service: data.sub_service,
      zip_code: data.zip_code,
      description: data.description,
      urgency: data.urgency,
      preferred_contractor_id: data.preferred_contractor_id,
      is_test: data.is_test,
      submitted_at: data.submitted_at,
    });
    afterCommit(() => service.matcherWakeup.wake());
  },
});
