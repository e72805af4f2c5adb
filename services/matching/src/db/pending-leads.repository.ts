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

/** A run's new lead, stored, and the candidates of its group (`candidates` on its group's first lead only). */
export interface StoredRunLead {
  priced: Omit<PricedLead, 'candidates'>;
  /** The leads of a run that PostgreSQL ranks alike (same ZIP code, trade, price and preferred contractor) share one read. */
  group: string;
  /** The group's candidates, best first as candidatesQuery orders them, on the group's first lead; undefined on the others. */
  candidates: Candidate[] | undefined;
  /** How many candidates the group's read asked for (fewer came: that is all of them). */
  asked: number;
}

/**
 * recordOfferedLead for a run of leads (a LeadPriced batch, ADR 0052) in ONE statement: every early
 * confirmation taken, every new lead stored, and for each group of leads PostgreSQL ranks alike (same
 * ZIP code, trade, price and preferred contractor) one candidate list. A lead's list must still hold
 * its best `limit` once the run's earlier leads' offers have lowered those contractors' scores, and
 * only leads of its trade can have offered its candidates, at most `offers` each: so a group's list
 * is `limit` plus `offers` per earlier lead of its trade in the run (up to its group's last lead).
 * Leads must be distinct; the ones already stored (repeats, tombstones) are not returned.
 */
export async function recordOfferedLeads(
  db: Kysely<MatchingDatabase>,
  leads: NewOfferedLead[],
  options: { now: Date; limit: number; offers: number },
): Promise<StoredRunLead[]> {
  if (leads.length === 0) return [];
  const { rows } = await recordOfferedLeadsStatement(db, {
    ids: leads.map((l) => l.lead_id),
    categories: leads.map((l) => l.service_category),
    sub_services: leads.map((l) => l.sub_service),
    zips: leads.map((l) => l.zip_code),
    descriptions: leads.map((l) => l.description),
    urgencies: leads.map((l) => l.urgency),
    preferred: leads.map((l) => l.preferred_contractor_id),
    tests: leads.map((l) => l.is_test),
    submitted: leads.map((l) => l.submitted_at),
    prices: leads.map((l) => l.price_cents),
    lead_types: leads.map((l) => l.lead_type),
    line_types: leads.map((l) => l.line_type),
    emails: leads.map((l) => l.email_present),
    now: options.now.toISOString(),
    limit: options.limit,
    offers: options.offers,
  });
  const order = new Map(leads.map((l, i) => [l.lead_id, i]));
  return rows
    .map((row) => {
      const { candidates, run_group, asked, ...lead } = row;
      const priced = pricedLead({ ...lead, candidates: [] });
      return {
        priced: { lead: priced.lead, price: priced.price },
        group: String(run_group),
        candidates: candidates ? (candidates as CandidateRow[]).map(toCandidate) : undefined,
        asked: Number(asked),
      };
    })
    .sort((a, b) => order.get(a.priced.lead.lead_id)! - order.get(b.priced.lead.lead_id)!);
}

type RunParams = {
  ids: string[];
  categories: string[];
  sub_services: string[];
  zips: string[];
  descriptions: string[];
  urgencies: string[];
  preferred: Array<string | null>;
  tests: boolean[];
  submitted: string[];
  prices: number[];
  lead_types: string[];
  line_types: Array<string | null>;
  emails: Array<boolean | null>;
  now: string;
  limit: number;
  offers: number;
};

/** recordOfferedLeads' statement, compiled once and prepared (docs/adr/0025): one per run of leads. */
const recordOfferedLeadsStatement = prepared((db: Kysely<MatchingDatabase>, p: RunParams) =>
  db
    .with('early', (qb) =>
      qb
        .deleteFrom('early_confirmations')
        .where('lead_id', '=', sql<string>`any(${p.ids}::uuid[])`)
        .returning(['lead_id', 'confirmed_at']),
    )
    .with('stored', (qb) =>
      qb
        .insertInto('leads')
        .columns([
          'lead_id',
          'service_category',
          'sub_service',
          'zip_code',
          'description',
          'urgency',
          'preferred_contractor_id',
          'is_test',
          'submitted_at',
          'price_cents',
          'lead_type',
          'line_type',
          'email_present',
          'phone_confirmed_at',
          'status',
        ])
        .expression(
          sql`select u.*, early.confirmed_at, 'pending_match' from unnest(${p.ids}::uuid[], ${p.categories}::text[],
            ${p.sub_services}::text[], ${p.zips}::text[], ${p.descriptions}::text[], ${p.urgencies}::text[],
            ${p.preferred}::text[], ${p.tests}::bool[], ${p.submitted}::timestamptz[], ${p.prices}::bigint[],
            ${p.lead_types}::text[], ${p.line_types}::text[], ${p.emails}::bool[])
            as u(lead_id, service_category, sub_service, zip_code, description, urgency, preferred_contractor_id,
              is_test, submitted_at, price_cents, lead_type, line_type, email_present)
            left join early on early.lead_id = u.lead_id`,
        )
        .onConflict((oc) => oc.column('lead_id').doNothing())
        .returning(LEAD_COLUMNS),
    )
    // Each lead's place in the run, and how many leads of its trade came before it.
    .with('placed', (qb) =>
      qb
        .selectFrom('stored')
        .selectAll('stored')
        .select([
          sql<number>`array_position(${p.ids}::uuid[], stored.lead_id)`.as('place'),
          sql<number>`(count(*) over (partition by stored.target order by array_position(${p.ids}::uuid[], stored.lead_id)) - 1)::int`.as(
            'earlier',
          ),
        ]),
    )
    .with('grouped', (qb) =>
      qb
        .selectFrom('placed')
        .selectAll('placed')
        .select([
          sql<string>`min(placed.place) over (partition by placed.zip_code, placed.target, placed.price_cents, placed.preferred_contractor_id)`.as(
            'run_group',
          ),
          sql<number>`(${p.limit}::int + ${p.offers}::int * max(placed.earlier) over (partition by placed.zip_code, placed.target, placed.price_cents, placed.preferred_contractor_id))::int`.as(
            'asked',
          ),
        ]),
    )
    .selectFrom('grouped')
    .select(LEAD_COLUMNS.map((c) => `grouped.${c}` as const))
    .select(['grouped.run_group', 'grouped.asked'])
    .select(
      // Only the group's first lead carries the list (the subquery runs for it alone).
      sql<CandidateRow[] | null>`case when grouped.place = grouped.run_group then ${jsonArrayFrom(
        candidatesQuery(db, candidateLeadColumns('grouped'), { now: p.now, limit: sql<number>`grouped.asked` }),
      )} end`.as('candidates'),
    ),
);
