import { defineWalletConsumer } from '../context.js';

/** A bought lead the contractor archived. */
export const leadArchivedConsumer = defineWalletConsumer({
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
