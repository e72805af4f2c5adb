import { defineWalletConsumer } from '../config.js';

/** When each contractor was offered a lead: response time is offer → purchase. */
export const leadMatched = defineWalletConsumer({
  event: 'LeadMatched',
  async handle(event, { trx }) {
    const d = event.data;
    if (d.offers.length === 0) return;
    // One statement for the offers and the backfill (each statement is a round trip; issue 19):
    // the offer rows, and the offer time of a purchase that raced ahead of this event. A lead has
    // at most one purchase, so the backfill touches at most one row; a redelivery changes nothing.
    await trx
      .with('offered', (db) =>
        db
          .insertInto('lead_offers')
          .values(
            d.offers.map((o) => ({ lead_id: d.lead_id, contractor_id: o.contractor_id, offered_at: d.matched_at })),
          )
          .onConflict((oc) => oc.columns(['lead_id', 'contractor_id']).doNothing()),
      )
      .updateTable('purchases')
      .set({ offered_at: d.matched_at })
      .where('lead_id', '=', d.lead_id)
      .where(
        'contractor_id',
        'in',
        d.offers.map((o) => o.contractor_id),
      )
      .where('offered_at', 'is', null)
      .execute();
  },
});
