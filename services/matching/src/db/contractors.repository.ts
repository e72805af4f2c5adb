import type { SpendLimitsSnapshot } from '@leadmarket/contracts';
import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import { FAIRNESS_HORIZON_HOURS, SCORE_WEIGHTS, type Candidate } from '../domain/ranking.js';
import type { MatchingDatabase } from './database.js';

export interface ContractorProjection {
  contractor_id: string;
  industry: string;
  sub_service: string;
  zip_codes: string[];
  at: string;
}

/** Store a contractor's targeting profile unless we already hold a newer one or it was deleted. */
export async function upsertContractor(db: Kysely<MatchingDatabase>, p: ContractorProjection): Promise<void> {
  const existing = await db
    .selectFrom('contractors')
    .select(['deleted', 'profile_at'])
    .where('contractor_id', '=', p.contractor_id)
    .forUpdate()
    .executeTakeFirst();
  if (existing && (existing.deleted || new Date(existing.profile_at).getTime() > Date.parse(p.at))) return;
  const zips = [...new Set(p.zip_codes.map((z) => z.trim()).filter(Boolean))];
  const profile = { industry: p.industry, sub_service: p.sub_service, profile_at: p.at, zip_count: zips.length };
  await db
    .insertInto('contractors')
    .values({ contractor_id: p.contractor_id, ...profile, deleted: false })
    .onConflict((oc) => oc.column('contractor_id').doUpdateSet(profile))
    .execute();
  await db.deleteFrom('contractor_zips').where('contractor_id', '=', p.contractor_id).execute();
  if (zips.length)
    await db
      .insertInto('contractor_zips')
      .values(zips.map((zip_code) => ({ contractor_id: p.contractor_id, zip_code })))
      .execute();
}

/** A deleted contractor is never offered again (a late profile event does not revive it). */
export async function markContractorDeleted(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('contractors')
    .values({ contractor_id: contractorId, industry: '', sub_service: '', profile_at: at, deleted: true })
    .onConflict((oc) => oc.column('contractor_id').doUpdateSet({ deleted: true, zip_count: 0 }))
    .execute();
  await db.deleteFrom('contractor_zips').where('contractor_id', '=', contractorId).execute();
}

/**
 * Record a wallet's spend caps and spend so far unless newer ones are already known. Kept apart
 * from the balance: a funding event carries no caps and must not erase them.
 */
export async function recordSpendLimits(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  limits: SpendLimitsSnapshot,
  at: string,
): Promise<void> {
  const json = JSON.stringify(limits);
  await db
    .insertInto('wallets')
    .values({
      contractor_id: contractorId,
      balance_cents: 0,
      changed_at: '1970-01-01T00:00:00.000Z',
      spend_limits: json,
      limits_changed_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('contractor_id')
        .doUpdateSet({ spend_limits: json, limits_changed_at: at })
        .where((eb) =>
          eb.or([eb('wallets.limits_changed_at', 'is', null), eb('wallets.limits_changed_at', '<=', new Date(at))]),
        ),
    )
    .execute();
}

/** Record a wallet balance unless a newer one is already known. */
export async function recordBalance(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  balanceCents: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('wallets')
    .values({ contractor_id: contractorId, balance_cents: balanceCents, changed_at: at })
    .onConflict((oc) =>
      oc
        .column('contractor_id')
        .doUpdateSet({ balance_cents: balanceCents, changed_at: at })
        .where('wallets.changed_at', '<=', new Date(at)),
    )
    .execute();
}

/** The lead a candidate list is for: its ZIP code, trade, price and preferred contractor, as values or as columns of the statement the list is part of. */
export interface CandidateLead {
  zip_code: Expression<string>;
  target: Expression<string | null>;
  price_cents: Expression<number>;
  preferred_contractor_id: Expression<string | null>;
  /** Leave out contractors this lead was offered to already (a re-routing round). */
  not_offered_lead?: Expression<string>;
}

/**
 * Up to `limit` active contractors of the lead's area (its ZIP code and trade, as Available lists
 * it: docs/adr/0037), other than `except`: those whose Available list gains the lead without an
 * offer. The lead's values are expressions: the statement that offers the lead lists them
 * (insertOffers' `listing`).
 */
export const listingQuery = (
  qb: QueryCreatorOf,
  lead: {
    zip_code: Expression<string>;
    target: Expression<string | null>;
    except: Expression<string[]>;
    limit: number | Expression<number>;
  },
) =>
  qb
    .selectFrom('contractor_zips as z')
    .innerJoin('contractors as c', 'c.contractor_id', 'z.contractor_id')
    .select('c.contractor_id')
    .where('z.zip_code', '=', lead.zip_code)
    .where('c.deleted', '=', false)
    .where('c.target', '=', lead.target)
    .where(sql<boolean>`c.contractor_id <> all(${lead.except}::text[])`)
    .limit(lead.limit);

/** A lead's own values as a CandidateLead. */
export const candidateLeadOf = (lead: {
  zip_code: string;
  target: string | null;
  price_cents: number;
  preferred_contractor_id: string | null;
}): CandidateLead => ({
  zip_code: sql.val(lead.zip_code),
  target: sql.val(lead.target),
  price_cents: sql.val(lead.price_cents),
  preferred_contractor_id: sql.val(lead.preferred_contractor_id),
});

/** A lead's columns (of a row named `table` in the statement) as a CandidateLead. */
export const candidateLeadColumns = (table: string): CandidateLead => ({
  zip_code: sql.ref(`${table}.zip_code`),
  target: sql.ref(`${table}.target`),
  price_cents: sql.ref(`${table}.price_cents`),
  preferred_contractor_id: sql.ref(`${table}.preferred_contractor_id`),
});

/** What ranking needs of a candidate, from its contractor row (`c`) and wallet (`w`); its ZIP codes come after. */
export const CANDIDATE_COLUMNS = [
  'c.contractor_id',
  'c.industry',
  'c.sub_service',
  'c.deleted',
  'c.offers_received',
  'c.leads_purchased',
  'c.last_offered_at',
  'w.balance_cents',
  'w.spend_limits',
] as const;

/**
 * ranking's scoreCandidate in SQL, operation for operation (so the two agree to the last bit in all
 * but the rarest cases, and code re-ranks what this returns anyway).
 */
const scoreSql = (now: Date | string) => sql<number>`(
  ${SCORE_WEIGHTS.fit}::float8 * (1::float8 / sqrt(greatest(1, c.zip_count)::float8))
  + ${SCORE_WEIGHTS.response}::float8 * ((least(greatest(0, c.leads_purchased), greatest(0, c.offers_received)) + 1)::float8
      / (greatest(0, c.offers_received) + 2)::float8)
  + ${SCORE_WEIGHTS.fairness}::float8 * (case when c.last_offered_at is null then 1::float8 else
      least(1::float8, greatest(0::float8,
        floor(extract(epoch from (${typeof now === 'string' ? now : now.toISOString()}::timestamptz - c.last_offered_at)) * 1000)::float8 / 3600000 / ${FAIRNESS_HORIZON_HOURS}::float8))
    end))`;

/**
 * The contractors eligible for the lead by everything PostgreSQL can judge (active, serving its
 * ZIP code, in its trade — `target`, the same rule as targetsMatch — and able to afford its price),
 * best first by ranking's own order (the preferred contractor, score, least recently offered, id),
 * at most `limit` when given, each with its balance, offer record and all its ZIP codes: one row
 * per candidate, ready for `toCandidate`. Spend caps are left to code (rankCandidates), which is
 * why the caller asks for more than it will offer (pickOfferees). Only the few rows asked for leave
 * the database, whatever the number of contractors in the ZIP code (ranking 200 in code
 * was matching's largest cost per lead).
 */
export function candidatesQuery(
  qb: QueryCreatorOf,
  lead: CandidateLead,
  // `now` and `limit` as values, or (a statement compiled once, ADR 0025) as an ISO string and an expression.
  { now, limit }: { now: Date | string; limit?: number | Expression<number> },
) {
  let best = qb
    .selectFrom('contractor_zips as z')
    .innerJoin('contractors as c', 'c.contractor_id', 'z.contractor_id')
    .leftJoin('wallets as w', 'w.contractor_id', 'c.contractor_id')
    .select(CANDIDATE_COLUMNS)
    .where('z.zip_code', '=', lead.zip_code)
    .where('c.deleted', '=', false)
    .where('c.target', '=', lead.target)
    .where(sql`coalesce(w.balance_cents, 0)`, '>=', lead.price_cents)
    .orderBy(sql`c.contractor_id = ${lead.preferred_contractor_id} is true`, 'desc')
    .orderBy(scoreSql(now), 'desc')
    .orderBy(sql`c.last_offered_at asc nulls first`)
    .orderBy(sql`c.contractor_id collate "C"`);
  const notOffered = lead.not_offered_lead;
  if (notOffered)
    best = best.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('offers as o')
            .select('o.lead_id')
            .where('o.lead_id', '=', notOffered)
            .whereRef('o.contractor_id', '=', 'c.contractor_id'),
        ),
      ),
    );
  if (limit !== undefined) best = best.limit(limit);
  // Every ZIP code of the few candidates left (the ranking's fit), read after the limit.
  return qb
    .selectFrom(best.as('b'))
    .selectAll('b')
    .select((eb) =>
      sql<string[]>`array(${eb
        .selectFrom('contractor_zips as served')
        .select('served.zip_code')
        .whereRef('served.contractor_id', '=', 'b.contractor_id')})`.as('zip_codes'),
    );
}

/** What can start a query on matching's tables: the database, a transaction, or an expression builder inside a statement. */
type QueryCreatorOf = Pick<Kysely<MatchingDatabase>, 'selectFrom'> | ExpressionBuilder<MatchingDatabase, never>;

/** A candidate row as pg returns it (Date, bigint as string) or as JSON inside another statement (strings, numbers). */
export type CandidateRow = {
  contractor_id: string;
  industry: string;
  sub_service: string;
  deleted: boolean;
  offers_received: number | string;
  leads_purchased: number | string;
  last_offered_at: Date | string | null;
  balance_cents: number | string | null;
  spend_limits: unknown;
  zip_codes: string[];
};

/** A candidate row, ready for ranking. */
export function toCandidate(r: CandidateRow): Candidate {
  const last = r.last_offered_at;
  return {
    contractor_id: r.contractor_id,
    industry: r.industry,
    sub_service: r.sub_service,
    zip_codes: r.zip_codes,
    active: !r.deleted,
    balance_cents: r.balance_cents === null || r.balance_cents === undefined ? 0 : Number(r.balance_cents),
    spend_limits: parseLimits(r.spend_limits),
    offers_received: Number(r.offers_received),
    leads_purchased: Number(r.leads_purchased),
    last_offered_at: last ? new Date(last).toISOString() : null,
  };
}

/** The lead's candidates (candidatesQuery), ready for ranking. */
export async function candidatesFor(
  db: Kysely<MatchingDatabase>,
  lead: CandidateLead,
  options: { now: Date; limit?: number },
): Promise<Candidate[]> {
  const rows = await candidatesQuery(db, lead, options).execute();
  return rows.map(toCandidate);
}

/** jsonb comes back parsed from pg and as text from some drivers. */
function parseLimits(value: unknown): SpendLimitsSnapshot | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as SpendLimitsSnapshot;
}
