import { defineWalletConsumer } from '../context.js';

/**
 * The customer confirmed the lead's phone (screening, docs/adr/0045-phone-confirmed-before-the-offer.md):
 * kept for the purchase receipt, which signs it as a fact when it came before the sale.
 */
export const leadContactConfirmedConsumer = defineWalletConsumer({
  event: 'LeadContactConfirmed',
  async handle({ data }, { trx }) {
    await trx
      .insertInto('contact_confirmations')
      .values({ lead_id: data.lead_id, confirmed_at: data.confirmed_at })
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .execute();
  },
});
