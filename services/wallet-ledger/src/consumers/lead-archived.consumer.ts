import { defineWalletConsumer } from '../config.js';

/** A bought lead the contractor archived. */
export const leadArchived = defineWalletConsumer({
  event: 'LeadArchived',
  async handle(event, { trx }) {
    await trx
      .updateTable('purchases')
      .set({ status: 'archived', archived_at: event.data.archived_at })
      .where('lead_id', '=', event.data.lead_id)
      .where('contractor_id', '=', event.data.contractor_id)
      .where('status', '<>', 'refunded')
      .execute();
  },
});
