import { defineWalletConsumer } from '../context.js';

/** An unsold lead past its offer lifetime can no longer be bought. */
export const leadExpiredConsumer = defineWalletConsumer({
  event: 'LeadExpired',
  async handle(event, { trx }) {
    await trx
      .updateTable('leads')
      .set({ status: 'expired', updated_at: new Date() })
      .where('lead_id', '=', event.data.lead_id)
      .where('status', '=', 'available')
      .execute();
  },
});
