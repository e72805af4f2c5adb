import type { SpendLimitsSnapshot } from '@leadmarket/contracts';
import { sql, type Expression, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Candidate } from '../domain/ranking.js';
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
  await db
    .insertInto('contractors')
    .values({
      contractor_id: p.contractor_id,
      industry: p.industry,
      sub_service: p.sub_service,
      profile_at: p.at,
      deleted: false,
    })
    .onConflict((oc) =>
      oc.column('contractor_id').doUpdateSet({ industry: p.industry, sub_service: p.sub_service, profile_at: p.at }),
    )
    .execute();
  await db.deleteFrom('contractor_zips').where('contractor_id', '=', p.contractor_id).execute();
  const zips = [...new Set(p.zip_codes.map((z) => z.trim()).filter(Boolean))];
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
    .onConflict((oc) => oc.column('contractor_id').doUpdateSet({ deleted: true }))
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
          eb.or([eb('wallets.limits_changed_at', 'is', null), eb('wallets.limits_changed_at', '<=', at as any)]),
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

/**
 * Every contractor serving the ZIP code `zip` (a value, or a column of the statement this is part
 * of) with its balance, offer record and all its ZIP codes: one row per candidate, ready for
 * `toCandidate`. The record is on the contractor's row (kept by insertOffers and closeLead), so this
 * reads the candidates and their ZIPs only, however many offers and leads the marketplace has stored.
 */
export function candidatesQuery(qb: QueryCreatorOf, zip: string | Expression<string>) {
  return qb
    .selectFrom('contractors as c')
    .innerJoin('contractor_zips as z', 'z.contractor_id', 'c.contractor_id')
    .leftJoin('wallets as w', 'w.contractor_id', 'c.contractor_id')
    .select((eb) => [
      'c.contractor_id',
      'c.industry',
      'c.sub_service',
      'c.deleted',
      'c.offers_received',
      'c.leads_purchased',
      'c.last_offered_at',
      'w.balance_cents',
      'w.spend_limits',
      // Every ZIP the candidate serves (its fit), not only `zip`: a subquery per candidate, cheaper
      // for PostgreSQL than grouping the candidates by a second join.
      sql<string[]>`array(${eb
        .selectFrom('contractor_zips as served')
        .select('served.zip_code')
        .whereRef('served.contractor_id', '=', 'c.contractor_id')})`.as('zip_codes'),
    ])
    .where('z.zip_code', '=', zip)
    .where('c.deleted', '=', false);
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

/** Every contractor serving `zip`, ready for ranking, in one statement (re-routing; a first match reads them with its lead). */
export async function candidatesForZip(db: Kysely<MatchingDatabase>, zip: string): Promise<Candidate[]> {
  const rows = await candidatesQuery(db, zip).execute();
  return rows.map(toCandidate);
}

/** The targeting profile of one contractor, or undefined when unknown or deleted. */
export async function activeContractor(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
): Promise<{ industry: string; sub_service: string; zip_codes: string[] } | undefined> {
  const row = await db
    .selectFrom('contractors')
    .select(['industry', 'sub_service'])
    .where('contractor_id', '=', contractorId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const zips = await db
    .selectFrom('contractor_zips')
    .select('zip_code')
    .where('contractor_id', '=', contractorId)
    .execute();
  return { industry: row.industry, sub_service: row.sub_service, zip_codes: zips.map((z) => z.zip_code) };
}

/** jsonb comes back parsed from pg and as text from some drivers. */
function parseLimits(value: unknown): SpendLimitsSnapshot | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as SpendLimitsSnapshot;
}
