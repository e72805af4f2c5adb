import type { Kysely } from 'kysely';
import type { LeadIntakeDatabase, NewOffer, OfferRow } from './database.js';

/** One offer of a lead to a contractor; the claim token is stored only as its hash. */
export type { OfferRow };

/** Store the offers of a LeadMatched event (a redelivery inserts nothing new). */
export async function insertOffers(db: Kysely<LeadIntakeDatabase>, offers: NewOffer[]): Promise<void> {
  if (offers.length === 0) return;
  await db
    .insertInto('lead_offers')
    .values(offers)
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** The offer a claim token (by its hash) belongs to. */
export async function findOfferByTokenHash(
  db: Kysely<LeadIntakeDatabase>,
  tokenHash: string,
): Promise<OfferRow | undefined> {
  return db.selectFrom('lead_offers').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Contractors each lead was offered to, best rank first. */
export async function offeredContractors(
  db: Kysely<LeadIntakeDatabase>,
  leadIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (leadIds.length === 0) return out;
  const rows = await db
    .selectFrom('lead_offers')
    .select(['lead_id', 'contractor_id'])
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('rank')
    .execute();
  for (const r of rows) {
    const list = out.get(r.lead_id) ?? [];
    if (!list.includes(r.contractor_id)) list.push(r.contractor_id);
    out.set(r.lead_id, list);
  }
  return out;
}
