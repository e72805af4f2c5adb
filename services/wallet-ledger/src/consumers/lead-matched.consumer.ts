import { defineWalletConsumer } from '../config.js';

/** When each contractor was offered a lead: response time is offer → purchase. */
export const leadMatched = defineWalletConsumer({
  event: 'LeadMatched',
  async handle(event, { trx }) {
    const d = event.data;
    if (d.offers.length === 0) return;
    await trx
      .insertInto('lead_offers')
      .values(d.offers.map((o) => ({ lead_id: d.lead_id, contractor_id: o.contractor_id, offered_at: d.matched_at })))
      .onConflict((oc) => oc.columns(['lead_id', 'contractor_id']).doNothing())
      .execute();
    // A purchase that raced ahead of this event still gets its offer time.
    for (const o of d.offers) {
      await trx
        .updateTable('purchases')
        .set({ offered_at: d.matched_at })
        .where('lead_id', '=', d.lead_id)
        .where('contractor_id', '=', o.contractor_id)
        .where('offered_at', 'is', null)
        .execute();
    }
  },
});
