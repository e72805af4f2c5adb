import { defineMatchingConsumer } from '../context.js';
import { recordPendingLead } from '../db/pending-leads.repository.js';
import { matchOnPairing } from '../use-cases/match-on-pairing.js';

/**
 * A valid lead is stored as pending; when its LeadPriced is here already (wallet-ledger fixes the
 * price from the same LeadScreened), it is matched in this transaction. A rejected lead is never
 * stored, so never offered.
 */
export const leadScreenedConsumer = defineMatchingConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    if (data.status !== 'valid') return;
    const priced = await recordPendingLead(ctx.trx, {
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
    await matchOnPairing(ctx, data.lead_id, 'screened', priced);
  },
});
