import { eraseLeadDescriptionFromOutbox } from '@leadmarket/platform';
import { defineWalletConsumer } from '../context.js';
import { eraseFingerprintsOfLead } from '../db/auto-credits.repository.js';

/**
 * An admin deleted the lead: it can no longer be bought (a past sale stays in the ledger), its
 * customer's phone fingerprint is erased, and so is the job description its LeadPriced carried
 * (customers write their contact into it) from this service's outbox.
 */
export const leadDeletedConsumer = defineWalletConsumer({
  event: 'LeadDeleted',
  async handle(event, { trx }) {
    const now = new Date();
    await trx
      .updateTable('leads')
      .set({ status: 'deleted', updated_at: now })
      .where('lead_id', '=', event.data.lead_id)
      .where('status', '<>', 'sold')
      .execute();
    // Sold or not: a receipt of a deleted lead no longer verifies.
    await trx
      .updateTable('leads')
      .set({ deleted_at: now })
      .where('lead_id', '=', event.data.lead_id)
      .where('deleted_at', 'is', null)
      .execute();
    await eraseFingerprintsOfLead(trx, event.data.lead_id);
    await eraseLeadDescriptionFromOutbox(trx, 'LeadPriced', event.data.lead_id);
  },
});
