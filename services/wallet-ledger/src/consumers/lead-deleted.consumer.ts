import { defineWalletConsumer } from '../config.js';

/** An admin deleted the lead: it can no longer be bought (a past sale stays in the ledger). */
export const leadDeleted = defineWalletConsumer({
  event: 'LeadDeleted',
  async handle(event, { trx }) {
    await trx
      .updateTable('leads')
      .set({ status: 'deleted', updated_at: new Date() })
      .where('lead_id', '=', event.data.lead_id)
      .where('status', '<>', 'sold')
      .execute();
  },
});
