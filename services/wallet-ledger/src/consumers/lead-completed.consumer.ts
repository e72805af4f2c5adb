import { defineWalletConsumer } from '../context.js';
import { movePurchase } from '../db/reports.repository.js';

/** A bought lead the contractor booked: counts as closed in metrics. */
export const leadCompletedConsumer = defineWalletConsumer({
  event: 'LeadCompleted',
  async handle(event, { trx }) {
    await movePurchase(trx, event.data, { status: 'completed', completed_at: event.data.completed_at });
  },
});
