import type { Kysely } from 'kysely';

/** One offer of a lead to a contractor; the claim token is stored only as its hash. */
export interface OfferRow {
  token_hash: string;
  lead_id: string;
  contractor_id: string;
  rank: number;
  expires_at: Date;
  created_at: Date;
  /** The lead's price as LeadMatched carried it (null for offers stored before prices were kept here). */
  price_cents: number | null;
  /** The offer round (issue 22); 1 for offers stored before rounds. */
  offer_round?: number;
}

/** Store the offers of a LeadMatched event (a redelivery inserts nothing new). */
export async function insertOffers(db: Kysely<any>, offers: Omit<OfferRow, 'created_at'>[]): Promise<void> {
  if (offers.length === 0) return;
  await db
    .insertInto('lead_offers')
    .values(offers)
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/** The offer a claim token (by its hash) belongs to. */
export async function findOfferByTokenHash(db: Kysely<any>, tokenHash: string): Promise<OfferRow | undefined> {
  return (await db.selectFrom('lead_offers').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()) as
    OfferRow | undefined;
}

/** Contractors each lead was offered to, best rank first. */
export async function offeredContractors(db: Kysely<any>, leadIds: string[]): Promise<Map<string, string[]>> {
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
    const list = out.get(r.lead_id as string) ?? [];
    if (!list.includes(r.contractor_id as string)) list.push(r.contractor_id as string);
    out.set(r.lead_id as string, list);
  }
  return out;
}
