import { prepared } from '@leadmarket/platform';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type Updateable } from 'kysely';
import { listingQuery } from './contractors.repository.js';
import type { LeadsTable, MatchingDatabase } from './database.js';
import type { LineType } from '@leadmarket/contracts';
import { contactFacts } from '../domain/available-leads.js';

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
 * The lead columns a round of offers may change, each with how a run's values for it go in: one
 * array a column, unnested beside the run's lead ids (a parameter in a select list carries no type,
 * so each array is cast to its column's).
 */
const LEAD_CHANGE_ARRAYS = {
  status: (values: unknown) => sql<unknown>`unnest(${values}::text[])`,
  price_cents: (values: unknown) => sql<unknown>`unnest(${values}::bigint[])`,
  lead_type: (values: unknown) => sql<unknown>`unnest(${values}::text[])`,
  matched_at: (values: unknown) => sql<unknown>`unnest(${values}::timestamptz[])`,
  offer_round: (values: unknown) => sql<unknown>`unnest(${values}::int[])`,
  round_deadline_at: (values: unknown) => sql<unknown>`unnest(${values}::timestamptz[])`,
} as const;

type LeadChangeColumn = keyof typeof LEAD_CHANGE_ARRAYS;

/** The lead's own columns a round of offers changes (status and round when matched, round when re-routed). */
export type LeadChange = Pick<Updateable<LeadsTable>, LeadChangeColumn>;

/** A lead a round of offers is stored for, and the change to its own row that comes with it. */
export interface RoundOfLead {
  lead_id: string;
  change: LeadChange;
}

/**
 * Store a run of leads' offers (one per contractor and lead; a lone lead is a run of one), add them
 * to each contractor's record (one more offer per lead it is offered, the last offer's time) and
 * apply each lead's `change`, all in ONE statement (data-modifying CTEs: a round trip per lead
 * matters): the ranking reads offers received and the last offer from the contractor's row. Every
 * lead of a run changes the same columns (the statement's shape). The contractor rows are locked in
 * id order first, so two transactions offering overlapping contractors wait for each other instead
 * of deadlocking. Returns each lead's listing when `listing` is given.
 */
export async function insertOffers(
  trx: Kysely<MatchingDatabase>,
  offers: NewOffer[],
  leads: RoundOfLead[] = [],
  /**
   * Fail at once (lock_not_available) instead of waiting when another transaction holds one of the
   * contractors: for a transaction that already holds contractor rows of an earlier match, so that
   * it never waits while holding (two batches each matching several leads would otherwise deadlock,
   * found by PostgreSQL only after deadlock_timeout, a second).
   */
  {
    noWait = false,
    listing,
  }: {
    noWait?: boolean;
    /**
     * Also list, in the same statement, up to this many contractors of each lead's area it is not
     * offered to (listingQuery), returned by lead id; without it nothing is listed. Needs `leads`.
     */
    listing?: number;
  } = {},
): Promise<Map<string, string[]>> {
  if (offers.length === 0 && leads.length === 0) return new Map();
  const changed = leads.length > 0 ? columnsOf(leads[0]!.change) : undefined;
  if (leads.some((l) => columnsOf(l.change).join() !== changed!.join()))
    throw new Error('insertOffers: every lead of a run must change the same columns');
  const params: OffersParams = {
    lead_ids: offers.map((o) => o.lead_id),
    contractor_ids: offers.map((o) => o.contractor_id),
    ranks: offers.map((o) => o.rank),
    rounds: offers.map((o) => o.round),
    hashes: offers.map((o) => o.claim_token_hash),
    scores: offers.map((o) => o.score),
    offered_ats: offers.map((o) => o.offered_at),
    expires_ats: offers.map((o) => o.expires_at),
    changed_leads: leads.map((l) => l.lead_id),
    listing: listing ?? null,
    ...Object.fromEntries((changed ?? []).map((k) => [`change_${k}`, leads.map((l) => l.change[k])])),
  };
  const listed = leads.length > 0 && listing !== undefined;
  const { rows } = await offersStatement(noWait, changed, listed)(trx, params);
  if (!listed) return new Map();
  return new Map(
    (rows as unknown as Array<{ lead_id: string; listed_to: string[] | null }>).map((r) => [
      r.lead_id,
      r.listed_to ?? [],
    ]),
  );
}

/** The columns a change sets, in one order (the statement's shape). */
const columnsOf = (change: LeadChange) =>
  (Object.keys(change) as LeadChangeColumn[]).filter((k) => change[k] !== undefined).sort();

/** insertOffers' values: the offers and the leads as one array per column, so one statement text fits any number of them. */
type OffersParams = {
  lead_ids: string[];
  contractor_ids: string[];
  ranks: number[];
  rounds: number[];
  hashes: string[];
  scores: number[];
  offered_ats: string[];
  expires_ats: string[];
  /** The leads whose rows change, in the order of the `change_<column>` arrays. */
  changed_leads: string[];
  /** How many contractors to list (insertOffers' `listing`), when the statement lists them. */
  listing: number | null;
} & Record<string, unknown>;

/** The offers' columns the statement inserts, in their arrays' order. */
const OFFER_COLUMNS = [
  'lead_id',
  'contractor_id',
  'rank',
  'round',
  'claim_token_hash',
  'score',
  'offered_at',
  'expires_at',
] as const;

/**
 * insertOffers' statement, compiled once and prepared (docs/adr/0025) for each of its few shapes:
 * waiting or not for the contractors' locks, which of the leads' columns change (none, the first
 * match's, a re-routing round's) and whether it lists. A lone lead's round and a LeadPriced run's
 * (ADR 0052) take the same text.
 */
const offersStatements = new Map<string, ReturnType<typeof buildOffersStatement>>();
function offersStatement(noWait: boolean, changed: LeadChangeColumn[] | undefined, listed: boolean) {
  const key = `${noWait}:${changed?.join(',') ?? '-'}:${listed}`;
  let statement = offersStatements.get(key);
  if (!statement) offersStatements.set(key, (statement = buildOffersStatement(noWait, changed, listed)));
  return statement;
}

function buildOffersStatement(noWait: boolean, changed: LeadChangeColumn[] | undefined, listed: boolean) {
  return prepared((trx: Kysely<MatchingDatabase>, p: OffersParams) => {
    const withRecord = trx
      // One row per offer: unnest in the select list zips the arrays.
      .with('run_offers', (db) =>
        db.selectNoFrom([
          sql<string>`unnest(${p.lead_ids}::uuid[])`.as('lead_id'),
          sql<string>`unnest(${p.contractor_ids}::text[])`.as('contractor_id'),
          sql<number>`unnest(${p.ranks}::int[])`.as('rank'),
          sql<number>`unnest(${p.rounds}::int[])`.as('round'),
          sql<string>`unnest(${p.hashes}::text[])`.as('claim_token_hash'),
          sql<number>`unnest(${p.scores}::float8[])`.as('score'),
          sql<Date>`unnest(${p.offered_ats}::timestamptz[])`.as('offered_at'),
          sql<Date>`unnest(${p.expires_ats}::timestamptz[])`.as('expires_at'),
        ]),
      )
      .with('new_offers', (db) =>
        db
          .insertInto('offers')
          .columns(OFFER_COLUMNS)
          .expression(
            sql`select lead_id, contractor_id, rank, round, claim_token_hash, score, offered_at, expires_at from run_offers`,
          ),
      )
      .with('offered', (db) =>
        db
          .selectFrom('contractors')
          .select('contractor_id')
          .where('contractor_id', '=', sql<string>`any(${p.contractor_ids}::text[])`)
          .orderBy('contractor_id')
          .forUpdate()
          .$if(noWait, (qb) => qb.noWait()),
      );
    // One more offer per lead a contractor is offered, as one statement per lead would have counted.
    const updateRecord = (db: typeof withRecord) =>
      db
        .updateTable('contractors')
        .from('offered')
        .set((eb) => ({
          offers_received: sql<number>`${eb.ref('contractors.offers_received')} + (select count(*) from run_offers r where r.contractor_id = ${eb.ref('offered.contractor_id')})::int`,
          last_offered_at: sql<Date>`greatest(contractors.last_offered_at, (select max(r.offered_at) from run_offers r where r.contractor_id = offered.contractor_id))`,
        }))
        .whereRef('contractors.contractor_id', '=', 'offered.contractor_id');
    if (!changed) return updateRecord(withRecord);
    const leadUpdate = withRecord
      // One row per lead, its changed columns beside it.
      .with('run_leads', (db) =>
        db.selectNoFrom([
          sql<string>`unnest(${p.changed_leads}::uuid[])`.as('lead_id'),
          ...changed.map((k) => LEAD_CHANGE_ARRAYS[k](p[`change_${k}`]).as(k)),
        ]),
      )
      .with('record', (db) => updateRecord(db as unknown as typeof withRecord))
      .updateTable('leads')
      .from('run_leads as m')
      .set(Object.fromEntries(changed.map((k) => [k, sql.ref(`m.${k}`)])) as LeadChange)
      .whereRef('leads.lead_id', '=', 'm.lead_id');
    if (!listed) return leadUpdate;
    // The statement's snapshot is the one before its own changes: the listing reads the contractors'
    // area and `deleted`, which offering them does not change.
    return leadUpdate.returning((eb) => [
      'leads.lead_id',
      listedTo(
        trx,
        eb as unknown as ExpressionBuilder<MatchingDatabase, 'leads'>,
        sql<string[]>`array(select r.contractor_id from run_offers r where r.lead_id = leads.lead_id)`,
        sql<number>`${p.listing}::int`,
      ),
    ]);
  });
}

/**
 * The contractors of the updated lead's area other than `except`, at most `limit` (listingQuery),
 * as the array column `listed_to` of the statement that offers the lead: the listing costs no
 * round trip of its own.
 */
const listedTo = (
  trx: Kysely<MatchingDatabase>,
  eb: ExpressionBuilder<MatchingDatabase, 'leads'>,
  except: Expression<string[]>,
  limit: number | Expression<number>,
) =>
  sql<string[]>`array(${listingQuery(trx, {
    zip_code: eb.ref('leads.zip_code'),
    target: eb.ref('leads.target'),
    except,
    limit,
  })})`.as('listed_to');

/** An offer as the owner answers for it: the lead's fixed price with it, never the token. */
export interface OfferView {
  lead_id: string;
  contractor_id: string;
  rank: number;
  round: number;
  offered_at: string;
  expires_at: string;
  price_cents: number | null;
  /** What the claim page shows of the lead before it is bought (docs/adr/0045-phone-confirmed-before-the-offer.md). */
  phone_confirmed_at: string | null;
  line_type: LineType | null;
  email_present: boolean | null;
  urgency: string | null;
  submitted_at: string | null;
}

const view = (r: Record<string, unknown>): OfferView => ({
  lead_id: String(r.lead_id),
  contractor_id: String(r.contractor_id),
  rank: Number(r.rank),
  round: Number(r.round),
  offered_at: new Date(r.offered_at as Date | string).toISOString(),
  expires_at: new Date(r.expires_at as Date | string).toISOString(),
  price_cents: r.price_cents == null ? null : Number(r.price_cents),
  ...contactFacts({
    line_type: r.line_type as string | null,
    email_present: r.email_present as boolean | null,
    phone_confirmed_at: r.phone_confirmed_at as Date | null,
  }),
  urgency: (r.urgency as string | null) ?? null,
  submitted_at: r.submitted_at ? new Date(r.submitted_at as Date | string).toISOString() : null,
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
      'leads.line_type',
      'leads.email_present',
      'leads.phone_confirmed_at',
      'leads.urgency',
      'leads.submitted_at',
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
