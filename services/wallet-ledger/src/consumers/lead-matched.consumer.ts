import { prepared } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import { defineWalletConsumer } from '../context.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/**
 * The offer rows and the backfill, compiled once and prepared (docs/adr/0027): the offered
 * contractors go in as one array, so every lead's statement has the same text whatever its count.
 */
const recordOffers = prepared(
  (db: Kysely<WalletLedgerDatabase>, p: { leadId: string; contractorIds: string[]; offeredAt: string }) =>
    db
      .with('offered', (q) =>
        q
          .insertInto('lead_offers')
          .columns(['lead_id', 'contractor_id', 'offered_at'])
          .expression(
            sql`select ${p.leadId}::uuid, c, ${p.offeredAt}::timestamptz from unnest(${p.contractorIds}::text[]) as c`,
          )
          .onConflict((oc) => oc.columns(['lead_id', 'contractor_id']).doNothing()),
      )
      .updateTable('purchases')
      .set({ offered_at: p.offeredAt })
      .where('lead_id', '=', p.leadId)
      .where(sql<boolean>`contractor_id = any(${p.contractorIds}::text[])`)
      .where('offered_at', 'is', null),
);

/** When each contractor was offered a lead: response time is offer → purchase. */
export const leadMatchedConsumer = defineWalletConsumer({
  event: 'LeadMatched',
  async handle(event, { trx }) {
    const d = event.data;
    if (d.offers.length === 0) return;
    // One statement for the offers and the backfill (each statement is a round trip):
    // the offer rows, and the offer time of a purchase that raced ahead of this event. A lead has
    // at most one purchase, so the backfill touches at most one row; a redelivery changes nothing.
    await recordOffers(trx, {
      leadId: d.lead_id,
      contractorIds: d.offers.map((o) => o.contractor_id),
      offeredAt: d.matched_at,
    });
  },
});
