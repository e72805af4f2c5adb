import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { MatchingDatabase } from './database.js';

/** A valid screened lead as matching keeps it (no contact details ever reach this service). */
export interface ScreenedLead {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  description: string;
  urgency: string;
  preferred_contractor_id: string | null;
  is_test: boolean;
  submitted_at: string;
}

/** Record a valid lead as waiting for its match; a repeat (or a lead already sold/removed) changes nothing. */
export async function recordPendingLead(db: Kysely<MatchingDatabase>, lead: ScreenedLead): Promise<void> {
  await db
    .insertInto('leads')
    .values({ ...lead, status: 'pending_match' })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** Keep the price wallet-ledger fixed for a lead (LeadPriced); a repeat changes nothing. */
export async function recordLeadPrice(
  db: Kysely<MatchingDatabase>,
  price: { lead_id: string; price_cents: number; lead_type: string; priced_at: string },
): Promise<void> {
  await db
    .insertInto('lead_prices')
    .values(price)
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** The fixed price of a lead, or undefined while its LeadPriced has not arrived. */
export async function leadPrice(db: Kysely<MatchingDatabase>, leadId: string) {
  const row = await db
    .selectFrom('lead_prices')
    .select(['price_cents', 'lead_type'])
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row && { price_cents: Number(row.price_cents), lead_type: row.lead_type as string };
}

/**
 * Leads ready to be matched: screened valid and priced, not matched yet (a wake-up was missed or
 * a match failed), oldest first. A lead still waiting for its price is not listed.
 */
export async function pendingLeadIds(db: Kysely<MatchingDatabase>, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('lead_prices', 'lead_prices.lead_id', 'leads.lead_id')
    .select('leads.lead_id')
    .where('leads.status', '=', 'pending_match')
    .orderBy('leads.submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id);
}

export async function findLead(db: Kysely<MatchingDatabase>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** Lock a lead still waiting for its match (inside the matching transaction), or undefined. */
export async function lockPendingLead(trx: Kysely<MatchingDatabase>, leadId: string) {
  return trx
    .selectFrom('leads')
    .selectAll()
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending_match')
    .forUpdate()
    .executeTakeFirst();
}

export async function markMatched(
  trx: Kysely<MatchingDatabase>,
  leadId: string,
  priceCents: number,
  leadType: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ status: 'available', price_cents: priceCents, lead_type: leadType, matched_at: at })
    .where('lead_id', '=', leadId)
    .execute();
}

/**
 * A lead left the market (sold, expired, deleted). If the event beats the lead's own LeadScreened,
 * nothing is stored and the later LeadScreened still finds no row to offer — so we keep a
 * tombstone row for unknown leads.
 */
export async function closeLead(
  db: Kysely<MatchingDatabase>,
  leadId: string,
  status: 'purchased' | 'expired' | 'deleted',
  purchasedBy?: string,
): Promise<void> {
  const updated = await db
    .updateTable('leads')
    .set({ status, ...(purchasedBy ? { purchased_by: purchasedBy } : {}) })
    .where('lead_id', '=', leadId)
    .where('status', 'not in', status === 'deleted' ? ['deleted'] : ['purchased', 'deleted'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) {
    if (status === 'purchased' && purchasedBy) await countPurchase(db, purchasedBy);
    return;
  }
  const inserted = await db
    .insertInto('leads')
    .values({
      lead_id: leadId,
      service_category: '',
      sub_service: '',
      zip_code: '',
      description: '',
      urgency: 'Standard',
      is_test: false,
      status,
      purchased_by: purchasedBy ?? null,
      submitted_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 && status === 'purchased' && purchasedBy)
    await countPurchase(db, purchasedBy);
}

/**
 * One more lead bought by this contractor, on its record (the ranking's response rate). A buyer
 * matching does not know yet (its profile event still on the way) is not counted.
 */
async function countPurchase(db: Kysely<MatchingDatabase>, contractorId: string): Promise<void> {
  await db
    .updateTable('contractors')
    .set((eb) => ({ leads_purchased: eb('leads_purchased', '+', 1) }))
    .where('contractor_id', '=', contractorId)
    .execute();
}

/** What one contractor's available-leads query returns: the candidate leads, who the contractor is, what it was offered. */
export interface AvailableLeadsRead {
  leads: Array<StoredLeadRow>;
  /** Undefined when matching does not know the contractor (or it was deleted): it then sees only its offers. */
  contractor: { industry: string; sub_service: string } | undefined;
  offeredLeadIds: Set<string>;
}

type StoredLeadRow = {
  lead_id: string;
  service_category: string;
  sub_service: string;
  zip_code: string;
  submitted_at: Date | string;
  price_cents: number | string | null;
  lead_type: string | null;
};

/**
 * Still-sellable leads newer than `since` that are in the contractor's ZIP codes or were offered to it,
 * newest first, in ONE statement: the contractor's trade and whether each lead was offered come back
 * on the same rows. The ZIP branch reads leads_available_zip_idx (only available leads, by ZIP and
 * age), the offer branch offers_contractor_idx; neither scans every available lead of the marketplace
 * (docs/adr/0015-19c-fast-dashboard.md has the plans). The trade itself is matched in code afterwards
 * (aliases: targetsMatch). Descriptions are not read here: only the page shown needs them
 * (descriptionsOf), and a contractor may have thousands of candidates.
 */
export async function availableLeadsOf(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  since: Date,
): Promise<AvailableLeadsRead> {
  // The query builder, not raw SQL: the service's schema (withSchema) applies to builder table names only.
  const rows = await db
    .with('me', (qb) =>
      qb
        .selectFrom('contractors')
        .select(['industry', 'sub_service'])
        .where('contractor_id', '=', contractorId)
        .where('deleted', '=', false),
    )
    .with('candidates', (qb) =>
      qb
        .selectFrom('leads')
        .select('lead_id')
        .where('status', '=', 'available')
        .where('submitted_at', '>', since)
        .where('zip_code', 'in', (eb: ExpressionBuilder<any, any>) =>
          eb
            .selectFrom('contractor_zips')
            .select('zip_code')
            .where('contractor_id', '=', contractorId)
            // A deleted or unknown contractor sees only its offers.
            .where((w: ExpressionBuilder<any, any>) => w.exists(w.selectFrom('me').select(sql`1`.as('one')))),
        )
        // An offer is never older than its lead, so offers before `since` cannot name a lead after it.
        .union(
          qb
            .selectFrom('offers')
            .select('lead_id')
            .where('contractor_id', '=', contractorId)
            .where('offered_at', '>', since),
        ),
    )
    .selectFrom('candidates as c')
    .innerJoin('leads as l', 'l.lead_id', 'c.lead_id')
    .leftJoin('offers as o', (j) => j.onRef('o.lead_id', '=', 'l.lead_id').on('o.contractor_id', '=', contractorId))
    .leftJoin('me', (j) => j.on(sql<boolean>`true`))
    .select([
      'l.lead_id',
      'l.service_category',
      'l.sub_service',
      'l.zip_code',
      'l.submitted_at',
      'l.price_cents',
      'l.lead_type',
      sql<boolean>`o.lead_id is not null`.as('offered'),
      'me.industry as contractor_industry',
      'me.sub_service as contractor_sub_service',
    ])
    .where('l.status', '=', 'available')
    .where('l.submitted_at', '>', since)
    .orderBy('l.submitted_at', 'desc')
    .orderBy('l.lead_id')
    .execute();
  const first = rows[0];
  // With no candidate rows the contractor's trade does not matter: there is nothing to filter.
  const contractor =
    first && first.contractor_industry !== null
      ? { industry: first.contractor_industry, sub_service: first.contractor_sub_service ?? '' }
      : undefined;
  return {
    leads: rows,
    contractor,
    offeredLeadIds: new Set(rows.filter((r) => r.offered).map((r) => r.lead_id)),
  };
}

/** The descriptions of these leads (the Available page shown), by lead id. */
export async function descriptionsOf(db: Kysely<MatchingDatabase>, leadIds: string[]): Promise<Map<string, string>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('leads')
    .select(['lead_id', 'description'])
    .where('lead_id', 'in', leadIds)
    .execute();
  return new Map(rows.map((r) => [r.lead_id, r.description]));
}
