import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Candidate } from '../domain/ranking.js';
import { candidatesQuery, toCandidate, type CandidateRow } from './contractors.repository.js';
import type { LeadsTable, MatchingDatabase } from './database.js';

/**
 * A lead's two halves, each from its own event and in either order: the lead (LeadScreened, valid)
 * and its fixed price (LeadPriced). Storing one half answers, in the same statement, whether the
 * pair is now complete, so the consumer that completes it matches the lead in its own transaction
 * (docs/adr/0021-19-match-in-the-consumer-that-completes-the-pair.md).
 */

/** A valid screened lead as matching keeps it (no contact details ever reach this service). */
export type ScreenedLead = Pick<
  LeadsTable,
  | 'lead_id'
  | 'service_category'
  | 'sub_service'
  | 'zip_code'
  | 'description'
  | 'urgency'
  | 'preferred_contractor_id'
  | 'is_test'
> & { submitted_at: string };

/** The fixed price of a lead (LeadPriced). */
export interface LeadPrice {
  price_cents: number;
  lead_type: string;
}

/**
 * A pending lead, what ranking and LeadMatched need of it, its fixed price, and the contractors
 * serving its ZIP code, read in the same statement (one round trip fewer per lead, issue 19).
 */
export interface PricedLead {
  lead: {
    lead_id: string;
    service_category: string;
    sub_service: string;
    zip_code: string;
    urgency: string;
    preferred_contractor_id: string | null;
  };
  price: LeadPrice;
  candidates: Candidate[];
}

type PricedLeadRow = PricedLead['lead'] & {
  price_cents: number | string;
  price_lead_type: string;
  candidates: CandidateRow[];
};

const pricedLead = (row: PricedLeadRow): PricedLead => ({
  lead: {
    lead_id: row.lead_id,
    service_category: row.service_category,
    sub_service: row.sub_service,
    zip_code: row.zip_code,
    urgency: row.urgency,
    preferred_contractor_id: row.preferred_contractor_id,
  },
  // bigint comes back as a string from pg.
  price: { price_cents: Number(row.price_cents), lead_type: row.price_lead_type },
  candidates: row.candidates.map(toCandidate),
});

/** The lead's own columns a match needs (PricedLead['lead']), as both locking statements read them. */
const LEAD_COLUMNS = [
  'leads.lead_id',
  'leads.service_category',
  'leads.sub_service',
  'leads.zip_code',
  'leads.urgency',
  'leads.preferred_contractor_id',
] as const;

/** The candidates for the lead whose ZIP code is the column `zipColumn` of the statement, as a JSON array. */
const candidatesOfLead = (db: Kysely<MatchingDatabase>, zipColumn: string) =>
  jsonArrayFrom(candidatesQuery(db, sql.ref<string>(zipColumn))).as('candidates');

/**
 * Record a valid lead as waiting for its match; a repeat (or a lead already sold/removed) changes
 * nothing. In the same statement: when this stored the lead and its price is already here, the lead
 * with its price, to be matched in the caller's transaction (nobody else sees the new row before it
 * commits, so it needs no lock). Otherwise undefined.
 */
export async function recordPendingLead(
  db: Kysely<MatchingDatabase>,
  lead: ScreenedLead,
): Promise<PricedLead | undefined> {
  const row = await db
    .with('stored', (qb) =>
      qb
        .insertInto('leads')
        .values({ ...lead, status: 'pending_match' })
        .onConflict((oc) => oc.column('lead_id').doNothing())
        .returning(['lead_id', 'service_category', 'sub_service', 'zip_code', 'urgency', 'preferred_contractor_id']),
    )
    .selectFrom('stored')
    .innerJoin('lead_prices', 'lead_prices.lead_id', 'stored.lead_id')
    .selectAll('stored')
    .select(['lead_prices.price_cents', 'lead_prices.lead_type as price_lead_type'])
    .select(candidatesOfLead(db, 'stored.zip_code'))
    .executeTakeFirst();
  return row && pricedLead(row);
}

/**
 * Keep the price wallet-ledger fixed for a lead (LeadPriced); a repeat changes nothing. In the same
 * statement: when this stored the price and the lead is here, still pending, that lead locked (a
 * LeadDeleted or the matcher waits for this transaction) with the price, to be matched in the
 * caller's transaction. Otherwise undefined: the lead is not screened yet, or the price is a repeat.
 */
export async function recordLeadPrice(
  db: Kysely<MatchingDatabase>,
  price: { lead_id: string; price_cents: number; lead_type: string; priced_at: string },
): Promise<PricedLead | undefined> {
  const row = await db
    .with('stored', (qb) =>
      qb
        .insertInto('lead_prices')
        .values(price)
        .onConflict((oc) => oc.column('lead_id').doNothing())
        .returning(['lead_id', 'price_cents', 'lead_type']),
    )
    .selectFrom('leads')
    // Joined to what the insert returned: the statement's snapshot does not show its own insert.
    .innerJoin('stored', 'stored.lead_id', 'leads.lead_id')
    .select([...LEAD_COLUMNS, 'stored.price_cents', 'stored.lead_type as price_lead_type'])
    .select(candidatesOfLead(db, 'leads.zip_code'))
    .where('leads.status', '=', 'pending_match')
    .forUpdate('leads')
    .executeTakeFirst();
  return row && pricedLead(row);
}

/** Lock a lead still waiting for its match, with its price (the matcher's transaction), or undefined when it is not pending or not priced yet. */
export async function lockPendingPricedLead(
  trx: Kysely<MatchingDatabase>,
  leadId: string,
): Promise<PricedLead | undefined> {
  const row = await trx
    .selectFrom('leads')
    .innerJoin('lead_prices', 'lead_prices.lead_id', 'leads.lead_id')
    .select([...LEAD_COLUMNS, 'lead_prices.price_cents', 'lead_prices.lead_type as price_lead_type'])
    .select(candidatesOfLead(trx, 'leads.zip_code'))
    .where('leads.lead_id', '=', leadId)
    .where('leads.status', '=', 'pending_match')
    .forUpdate('leads')
    .executeTakeFirst();
  return row && pricedLead(row);
}
