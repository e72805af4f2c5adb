import { defineWalletConsumer } from '../context.js';

/** A bought lead the contractor booked: counts as closed in metrics. */
export const leadCompletedConsumer = defineWalletConsumer({
  event: 'LeadCompleted',
  async handle(event, { trx }) {
    await trx
      .updateTable('purchases')
      .set({ status: 'completed', completed_at: event.data.completed_at })
      .where('lead_id', '=', event.data.lead_id)
      .where('contractor_id', '=', event.data.contractor_id)
      .where('status', '<>', 'refunded')
      .execute();
  },
});
