import { prepared } from '@leadmarket/platform';
import { sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Candidate } from '../domain/ranking.js';
import { candidateLeadColumns, candidatesQuery, toCandidate, type CandidateRow } from './contractors.repository.js';
import type { LeadsTable, MatchingDatabase } from './database.js';

/**
 * A lead arrives whole, with its fixed price, in one event (LeadPriced); storing it answers, in the
 * same statement, with its best candidates, so its consumer matches it in its own transaction
 * (docs/adr/0024-one-event-per-lead-for-matching.md). A lead whose match failed stays pending for
 * the matcher, which locks it and reads the same.
 */

/** A priced valid lead as LeadPriced gives it (no contact details ever reach this service). */
export type NewPricedLead = Pick<
  LeadsTable,
  | 'lead_id'
  | 'service_category'
  | 'sub_service'
  | 'zip_code'
  | 'description'
  | 'urgency'
  | 'preferred_contractor_id'
  | 'is_test'
  | 'line_type'
  | 'email_present'
> & {
  submitted_at: string;
  price_cents: number;
  lead_type: string;
  /** When the customer confirmed the phone, if that came first (early_confirmations). */
  phone_confirmed_at: string | null;
  /** `awaiting_confirmation` under a "confirmed only" rule: stored, not matched. */
  status: 'pending_match' | 'awaiting_confirmation';
};

/** The fixed price of a lead (LeadPriced). */
export interface LeadPrice {
  price_cents: number;
  lead_type: string;
}

/** A pending lead, what ranking and LeadMatched need of it, its fixed price, and its best candidates, read in one statement. */
export interface PricedLead {
  lead: {
    lead_id: string;
    service_category: string;
    sub_service: string;
    zip_code: string;
    urgency: string;
    preferred_contractor_id: string | null;
    /** Its trade as PostgreSQL keeps it (canonical_target): the candidates' `target` equals it. */
    target: string | null;
    /** What the offer SMS tells of the lead before it is bought (LeadMatched). */
    submitted_at: string;
    line_type: string | null;
    email_present: boolean | null;
    phone_confirmed_at: string | null;
  };
  price: LeadPrice;
  /** The best `limit` candidates PostgreSQL can judge (candidatesQuery), spend caps not yet checked. */
  candidates: Candidate[];
}

const isoOrNull = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

type PricedLeadRow = Omit<PricedLead['lead'], 'submitted_at' | 'phone_confirmed_at'> & {
  submitted_at: Date | string;
  phone_confirmed_at: Date | string | null;
  price_cents: number | string | null;
  lead_type: string | null;
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
    target: row.target,
    submitted_at: new Date(row.submitted_at).toISOString(),
    line_type: row.line_type,
    email_present: row.email_present,
    phone_confirmed_at: isoOrNull(row.phone_confirmed_at),
  },
  // bigint comes back as a string from pg; both are set on every lead that is not a tombstone.
  price: { price_cents: Number(row.price_cents), lead_type: row.lead_type ?? '' },
  candidates: row.candidates.map(toCandidate),
});

/** The columns of a lead a match needs (PricedLead['lead'] and its price), as both statements read them. */
const LEAD_COLUMNS = [
  'lead_id',
  'service_category',
  'sub_service',
  'zip_code',
  'urgency',
  'preferred_contractor_id',
  'target',
  'price_cents',
  'lead_type',
  'submitted_at',
  'line_type',
  'email_present',
  'phone_confirmed_at',
] as const;

/** The best `limit` candidates of the lead in the statement's row `table`, as a JSON array. */
const candidatesOfLead = (
  db: Kysely<MatchingDatabase>,
  table: string,
  options: { now: Date | string; limit: number | Expression<number> },
) => jsonArrayFrom(candidatesQuery(db, candidateLeadColumns(table), options)).as('candidates');

/**
 * Store a priced lead as waiting for its match (or, under a "confirmed only" rule, for its phone's
 * confirmation, with `limit` 0) and, in the same statement, return it with its best
 * `limit` candidates, to be matched in the caller's transaction (nobody else sees the new row before
 * it commits, so it needs no lock). A repeat, or a lead closed (sold, expired, deleted: its tombstone)
 * before its LeadPriced came, changes nothing and returns undefined.
 */
export async function recordPricedLead(
  db: Kysely<MatchingDatabase>,
  lead: NewPricedLead,
  options: { now: Date; limit: number },
): Promise<PricedLead | undefined> {
  const { rows } = await recordPricedLeadStatement(db, {
    ...lead,
    now: options.now.toISOString(),
    limit: options.limit,
  });
  return rows[0] && pricedLead(rows[0]);
}

/** A priced lead to be offered whether or not its phone is confirmed (its category's rule says offer). */
export type NewOfferedLead = Omit<NewPricedLead, 'phone_confirmed_at' | 'status'>;

/**
 * recordPricedLead for a lead to be offered at once (the rule of nearly every category): the
 * confirmation that came before it (early_confirmations) is taken by the same statement and stored
 * on the lead, so that a lead costs one round trip, not two (the table is nearly always empty, but
 * asking it was a statement of its own per lead).
 */
export async function recordOfferedLead(
  db: Kysely<MatchingDatabase>,
  lead: NewOfferedLead,
  options: { now: Date; limit: number },
): Promise<PricedLead | undefined> {
  const { rows } = await recordOfferedLeadStatement(db, {
    ...lead,
    now: options.now.toISOString(),
    limit: options.limit,
  });
  return rows[0] && pricedLead(rows[0]);
}

/** The event's columns of a new lead, as both statements insert them (each named: `prepared` refuses a spread). */
const eventColumns = (p: NewOfferedLead) => ({
  lead_id: p.lead_id,
  service_category: p.service_category,
  sub_service: p.sub_service,
  zip_code: p.zip_code,
  description: p.description,
  urgency: p.urgency,
  preferred_contractor_id: p.preferred_contractor_id,
  is_test: p.is_test,
  submitted_at: p.submitted_at,
  price_cents: p.price_cents,
  lead_type: p.lead_type,
  line_type: p.line_type,
  email_present: p.email_present,
});

/** recordPricedLead's statement, compiled once and prepared (docs/adr/0025). */
const recordPricedLeadStatement = prepared(
  (db: Kysely<MatchingDatabase>, p: NewPricedLead & { now: string; limit: number }) =>
    db
      .with('stored', (qb) =>
        qb
          .insertInto('leads')
          .values({ ...eventColumns(p), phone_confirmed_at: p.phone_confirmed_at, status: p.status })
          .onConflict((oc) => oc.column('lead_id').doNothing())
          .returning(LEAD_COLUMNS),
      )
      .selectFrom('stored')
      .selectAll('stored')
      .select(candidatesOfLead(db, 'stored', { now: p.now, limit: sql<number>`${p.limit}::int` })),
);

/**
 * recordOfferedLead's statement, compiled once and prepared (docs/adr/0025): one per lead matched.
 * The early confirmation is deleted whether or not the lead is new, as a separate statement did.
 */
const recordOfferedLeadStatement = prepared(
  (db: Kysely<MatchingDatabase>, p: NewOfferedLead & { now: string; limit: number }) =>
    db
      .with('early', (qb) =>
        qb.deleteFrom('early_confirmations').where('lead_id', '=', p.lead_id).returning('confirmed_at'),
      )
      .with('stored', (qb) =>
        qb
          .insertInto('leads')
          .values((eb) => ({
            ...eventColumns(p),
            phone_confirmed_at: eb.selectFrom('early').select('early.confirmed_at'),
            status: 'pending_match',
          }))
          .onConflict((oc) => oc.column('lead_id').doNothing())
          .returning(LEAD_COLUMNS),
      )
      .selectFrom('stored')
      .selectAll('stored')
      .select(candidatesOfLead(db, 'stored', { now: p.now, limit: sql<number>`${p.limit}::int` })),
);

/** Lock a lead still waiting for its match, with its price and best `limit` candidates (the matcher's transaction), or undefined when it is not pending. */
export async function lockPendingPricedLead(
  trx: Kysely<MatchingDatabase>,
  leadId: string,
  options: { now: Date; limit: number },
): Promise<PricedLead | undefined> {
  const row = await trx
    .selectFrom('leads')
    .select(LEAD_COLUMNS.map((c) => `leads.${c}` as const))
    .select(candidatesOfLead(trx, 'leads', options))
    .where('leads.lead_id', '=', leadId)
    .where('leads.status', '=', 'pending_match')
    .where('leads.price_cents', 'is not', null)
    .forUpdate('leads')
    .executeTakeFirst();
  return row && pricedLead(row);
}
