import { sql, type Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

/** An offer as matching stores it: the claim token only as its SHA-256. */
export interface NewOffer {
  lead_id: string;
  contractor_id: string;
  rank: number;
  round: number;
  claim_token_hash: string;
  score: number;
  offered_at: string;
  expires_at: string;
}

/**
 * Store one lead's offers (one per contractor) and add them to each contractor's record in the same
 * transaction: the ranking reads offers received and the last offer from the contractor's row.
 */
export async function insertOffers(trx: Kysely<MatchingDatabase>, offers: NewOffer[]): Promise<void> {
  if (offers.length === 0) return;
  await trx.insertInto('offers').values(offers).execute();
  const offeredAt = offers.reduce((max, o) => (o.offered_at > max ? o.offered_at : max), offers[0]!.offered_at);
  await trx
    .updateTable('contractors')
    .set((eb) => ({
      offers_received: eb('offers_received', '+', 1),
      last_offered_at: sql<Date>`greatest(last_offered_at, ${offeredAt}::timestamptz)`,
    }))
    .where('contractor_id', 'in', [...new Set(offers.map((o) => o.contractor_id))])
    .execute();
}

/** An offer as the owner answers for it: the lead's fixed price with it, never the token. */
export interface OfferView {
  lead_id: string;
  contractor_id: string;
  rank: number;
  round: number;
  offered_at: string;
  expires_at: string;
  price_cents: number | null;
}

const view = (r: Record<string, any>): OfferView => ({
  lead_id: r.lead_id,
  contractor_id: r.contractor_id,
  rank: Number(r.rank),
  round: Number(r.round),
  offered_at: new Date(r.offered_at).toISOString(),
  expires_at: new Date(r.expires_at).toISOString(),
  price_cents: r.price_cents == null ? null : Number(r.price_cents),
});

const offersWithPrice = (db: Kysely<MatchingDatabase>) =>
  db
    .selectFrom('offers')
    .leftJoin('lead_prices', 'lead_prices.lead_id', 'offers.lead_id')
    .select([
      'offers.lead_id',
      'offers.contractor_id',
      'offers.rank',
      'offers.round',
      'offers.offered_at',
      'offers.expires_at',
      'lead_prices.price_cents',
    ]);

/** The offer a claim token belongs to, found by the token's hash. */
export async function offerByTokenHash(
  db: Kysely<MatchingDatabase>,
  tokenHash: string,
): Promise<OfferView | undefined> {
  const row = await offersWithPrice(db).where('offers.claim_token_hash', '=', tokenHash).executeTakeFirst();
  return row && view(row);
}

/** Every offer of these leads, by lead then rank. */
export async function offersOfLeads(db: Kysely<MatchingDatabase>, leadIds: string[]): Promise<OfferView[]> {
  if (leadIds.length === 0) return [];
  const rows = await offersWithPrice(db)
    .where('offers.lead_id', 'in', leadIds)
    .orderBy('offers.lead_id')
    .orderBy('offers.rank')
    .orderBy(sql`offers.contractor_id`)
    .execute();
  return rows.map(view);
}
