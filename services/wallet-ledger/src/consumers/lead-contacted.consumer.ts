import { defineWalletConsumer } from '../context.js';

/** The buyer's first contact with the customer ends the purchase's response time. */
export const leadContactedConsumer = defineWalletConsumer({
  event: 'LeadContacted',
  async handle({ data }, { trx }) {
    await trx
      .updateTable('purchases')
      .set({ contacted_at: data.contacted_at })
      .where('lead_id', '=', data.lead_id)
      .where('contractor_id', '=', data.contractor_id)
      .where('contacted_at', 'is', null)
      .execute();
  },
});
