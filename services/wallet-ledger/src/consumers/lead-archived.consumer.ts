import { defineWalletConsumer } from '../context.js';
import { movePurchase } from '../db/reports.repository.js';

/** A bought lead the contractor archived. */
export const leadArchivedConsumer = defineWalletConsumer({
  event: 'LeadArchived',
  async handle(event, { trx }) {
    await movePurchase(trx, event.data, { status: 'archived', archived_at: event.data.archived_at });
  },
});
