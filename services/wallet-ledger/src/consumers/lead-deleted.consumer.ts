import { defineConsumer } from '@leadmarket/platform';
import { eraseFingerprintsOfLead } from '../db/auto-credits.repository.js';

/**
 * An admin deleted the lead: it can no longer be bought (a past sale stays in the ledger), and its
 * customer's phone fingerprint is erased.
 */
export const leadDeleted = defineConsumer({
  event: 'LeadDeleted',
  async handle(event, { trx }) {
    await trx
      .updateTable('leads')
      .set({ status: 'deleted', updated_at: new Date() })
      .where('lead_id', '=', event.data.lead_id)
      .where('status', '<>', 'sold')
      .execute();
    await eraseFingerprintsOfLead(trx, event.data.lead_id);
  },
});
