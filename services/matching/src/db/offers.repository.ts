import { sql, type Kysely, type Updateable } from 'kysely';
import type { LeadsTable, MatchingDatabase } from './database.js';

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

/** The lead's own columns a round of offers changes (status and round when matched, round when re-routed). */
export type LeadChange = Updateable<LeadsTable>;

/**
 * Store one lead's offers (one per contractor), add them to each contractor's record and apply
 * `leadChange` to the lead, all in ONE statement (data-modifying CTEs: a round trip per lead
 * matters, issue 19): the ranking reads offers received and the last offer from the contractor's
 * row. The contractor rows are locked in id order first, so two transactions offering overlapping
 * contractors wait for each other instead of deadlocking.
 */
export async function insertOffers(
  trx: Kysely<MatchingDatabase>,
  offers: NewOffer[],
  lead?: { lead_id: string; change: LeadChange },
  /**
   * Fail at once (lock_not_available) instead of waiting when another transaction holds one of the
   * contractors: for a transaction that already holds contractor rows of an earlier match, so that
   * it never waits while holding (two batches each matching several leads would otherwise deadlock,
   * found by PostgreSQL only after deadlock_timeout, a second).
   */
  { noWait = false }: { noWait?: boolean } = {},
): Promise<void> {
  if (offers.length === 0) {
    if (lead) await trx.updateTable('leads').set(lead.change).where('lead_id', '=', lead.lead_id).execute();
    return;
  }
  const offeredAt = offers.reduce((max, o) => (o.offered_at > max ? o.offered_at : max), offers[0]!.offered_at);
  const contractorIds = [...new Set(offers.map((o) => o.contractor_id))];
  const withRecord = trx
    .with('new_offers', (db) => db.insertInto('offers').values(offers))
    .with('offered', (db) =>
      db
        .selectFrom('contractors')
        .select('contractor_id')
        .where('contractor_id', 'in', contractorIds)
        .orderBy('contractor_id')
        .forUpdate()
        .$if(noWait, (qb) => qb.noWait()),
    );
  const updateRecord = (db: typeof withRecord) =>
    db
      .updateTable('contractors')
      .from('offered')
      .set((eb) => ({
        offers_received: eb('contractors.offers_received', '+', 1),
        last_offered_at: sql<Date>`greatest(contractors.last_offered_at, ${offeredAt}::timestamptz)`,
      }))
      .whereRef('contractors.contractor_id', '=', 'offered.contractor_id');
  if (!lead) {
    await updateRecord(withRecord).execute();
    return;
  }
  await withRecord
    .with('record', (db) => updateRecord(db as typeof withRecord))
    .updateTable('leads')
    .set(lead.change)
    .where('lead_id', '=', lead.lead_id)
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
    .leftJoin('leads', 'leads.lead_id', 'offers.lead_id')
    .select([
      'offers.lead_id',
      'offers.contractor_id',
      'offers.rank',
      'offers.round',
      'offers.offered_at',
      'offers.expires_at',
      'leads.price_cents',
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
