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

/** The lead's own columns a round of offers changes (status and round when matched, round when re-routed). */
export type LeadChange = Updateable<LeadsTable>;

/**
 * Store one lead's offers (one per contractor), add them to each contractor's record and apply
 * `leadChange` to the lead, all in ONE statement (data-modifying CTEs: a round trip per lead
 * matters): the ranking reads offers received and the last offer from the contractor's
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
  {
    noWait = false,
    listing,
  }: {
    noWait?: boolean;
    /**
     * Also list, in the same statement, up to this many contractors of the lead's area it is not
     * offered to (listingQuery), returned; without it nothing is listed. Needs `lead`.
     */
    listing?: number;
  } = {},
): Promise<string[]> {
  if (offers.length === 0) {
    if (!lead) return [];
    const update = trx.updateTable('leads').set(lead.change).where('lead_id', '=', lead.lead_id);
    if (listing === undefined) {
      await update.execute();
      return [];
    }
    const row = await update.returning((eb) => listedTo(trx, eb, sql.val<string[]>([]), listing)).executeTakeFirst();
    return row?.listed_to ?? [];
  }
  const changed = lead ? (Object.keys(lead.change) as Array<keyof LeadChange>).sort() : [];
  const params: OffersParams = {
    lead_ids: offers.map((o) => o.lead_id),
    contractor_ids: offers.map((o) => o.contractor_id),
    ranks: offers.map((o) => o.rank),
    rounds: offers.map((o) => o.round),
    hashes: offers.map((o) => o.claim_token_hash),
    scores: offers.map((o) => o.score),
    offered_ats: offers.map((o) => o.offered_at),
    expires_ats: offers.map((o) => o.expires_at),
    offered_at: offers.reduce((max, o) => (o.offered_at > max ? o.offered_at : max), offers[0]!.offered_at),
    locked: [...new Set(offers.map((o) => o.contractor_id))],
    lead_id: lead?.lead_id ?? null,
    listing: listing ?? null,
    ...Object.fromEntries(changed.map((k) => [`change_${String(k)}`, lead!.change[k]])),
  };
  const listed = lead !== undefined && listing !== undefined;
  const { rows } = await offersStatement(noWait, lead ? changed : undefined, listed)(trx, params);
  return listed ? ((rows[0] as { listed_to?: string[] } | undefined)?.listed_to ?? []) : [];
}

/** insertOffers' values: the offers as one array per column, so one statement text fits any number of them. */
type OffersParams = {
  lead_ids: string[];
  contractor_ids: string[];
  ranks: number[];
  rounds: number[];
  hashes: string[];
  scores: number[];
  offered_ats: string[];
  expires_ats: string[];
  offered_at: string;
  /** The contractors to lock and credit with an offer, distinct. */
  locked: string[];
  lead_id: string | null;
  /** How many contractors to list (insertOffers' `listing`), when the statement lists them. */
  listing: number | null;
} & Record<string, unknown>;

/** The offers' columns both offer statements insert, in their arrays' order. */
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
 * waiting or not for the contractors' locks, and which of the lead's columns change (none, the
 * first match's, a re-routing round's).
 */
const offersStatements = new Map<string, ReturnType<typeof buildOffersStatement>>();
function offersStatement(noWait: boolean, changed: Array<keyof LeadChange> | undefined, listed: boolean) {
  const key = `${noWait}:${changed?.join(',') ?? '-'}:${listed}`;
  let statement = offersStatements.get(key);
  if (!statement) offersStatements.set(key, (statement = buildOffersStatement(noWait, changed, listed)));
  return statement;
}

function buildOffersStatement(noWait: boolean, changed: Array<keyof LeadChange> | undefined, listed: boolean) {
  return prepared((trx: Kysely<MatchingDatabase>, p: OffersParams) => {
    const withRecord = trx
      .with('new_offers', (db) =>
        db
          .insertInto('offers')
          .columns(OFFER_COLUMNS)
          .expression(
            sql`select * from unnest(${p.lead_ids}::uuid[], ${p.contractor_ids}::text[], ${p.ranks}::int[],
              ${p.rounds}::int[], ${p.hashes}::text[], ${p.scores}::float8[], ${p.offered_ats}::timestamptz[],
              ${p.expires_ats}::timestamptz[])`,
          ),
      )
      .with('offered', (db) =>
        db
          .selectFrom('contractors')
          .select('contractor_id')
          .where('contractor_id', '=', sql<string>`any(${p.locked}::text[])`)
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
          last_offered_at: sql<Date>`greatest(contractors.last_offered_at, ${p.offered_at}::timestamptz)`,
        }))
        .whereRef('contractors.contractor_id', '=', 'offered.contractor_id');
    if (!changed) return updateRecord(withRecord);
    const leadUpdate = withRecord
      .with('record', (db) => updateRecord(db as typeof withRecord))
      .updateTable('leads')
      .set(Object.fromEntries(changed.map((k) => [k, p[`change_${String(k)}`]])) as LeadChange)
      .where('lead_id', '=', sql<string>`${p.lead_id}::uuid`);
    if (!listed) return leadUpdate;
    // The statement's snapshot is the one before its own changes: the listing reads the contractors'
    // area and `deleted`, which offering them does not change.
    return leadUpdate.returning((eb) => listedTo(trx, eb, sql<string[]>`${p.locked}`, sql<number>`${p.listing}::int`));
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

/** A lead a run matches (its first round) and its price, as the lead's row gets it. */
export interface FirstMatch {
  lead_id: string;
  price_cents: number;
  lead_type: string;
  matched_at: string;
  round_deadline_at: string;
}

/**
 * The first round of a run of leads (a LeadPriced batch, ADR 0052) in ONE statement: every offer,
 * each contractor's record (one more offer per lead it is offered, as one statement per lead would
 * have counted), every lead matched (`available`, round 1, its matched_at and deadline) and, per
 * lead, up to `listing` contractors of its area not offered it. The contractors are locked in id order
 * first (insertOffers). Returns each lead's listing.
 */
export async function insertFirstOffers(
  trx: Kysely<MatchingDatabase>,
  offers: NewOffer[],
  leads: FirstMatch[],
  { noWait, listing }: { noWait: boolean; listing: number },
): Promise<Map<string, string[]>> {
  if (leads.length === 0) return new Map();
  const { rows } = await (noWait ? firstOffersNoWait : firstOffersWaiting)(trx, {
    lead_ids: offers.map((o) => o.lead_id),
    contractor_ids: offers.map((o) => o.contractor_id),
    ranks: offers.map((o) => o.rank),
    rounds: offers.map((o) => o.round),
    hashes: offers.map((o) => o.claim_token_hash),
    scores: offers.map((o) => o.score),
    offered_ats: offers.map((o) => o.offered_at),
    expires_ats: offers.map((o) => o.expires_at),
    matched: leads.map((l) => l.lead_id),
    prices: leads.map((l) => l.price_cents),
    lead_types: leads.map((l) => l.lead_type),
    matched_ats: leads.map((l) => l.matched_at),
    deadlines: leads.map((l) => l.round_deadline_at),
    listing,
  });
  return new Map(rows.map((r) => [r.lead_id, r.listed_to ?? []]));
}

type FirstOffersParams = {
  lead_ids: string[];
  contractor_ids: string[];
  ranks: number[];
  rounds: number[];
  hashes: string[];
  scores: number[];
  offered_ats: string[];
  expires_ats: string[];
  matched: string[];
  prices: number[];
  lead_types: string[];
  matched_ats: string[];
  deadlines: string[];
  listing: number;
};

const buildFirstOffers = (noWait: boolean) =>
  prepared((trx: Kysely<MatchingDatabase>, p: FirstOffersParams) =>
    trx
      // One row per offer (and per lead below): unnest in the select list zips the arrays.
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
      .with('run_leads', (db) =>
        db.selectNoFrom([
          sql<string>`unnest(${p.matched}::uuid[])`.as('lead_id'),
          sql<number>`unnest(${p.prices}::bigint[])`.as('price_cents'),
          sql<string>`unnest(${p.lead_types}::text[])`.as('lead_type'),
          sql<Date>`unnest(${p.matched_ats}::timestamptz[])`.as('matched_at'),
          sql<Date>`unnest(${p.deadlines}::timestamptz[])`.as('round_deadline_at'),
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
      )
      .with('record', (db) =>
        db
          .updateTable('contractors')
          .from('offered')
          .set((eb) => ({
            offers_received: sql<number>`${eb.ref('contractors.offers_received')} + (select count(*) from run_offers r where r.contractor_id = ${eb.ref('offered.contractor_id')})::int`,
            last_offered_at: sql<Date>`greatest(contractors.last_offered_at, (select max(r.offered_at) from run_offers r where r.contractor_id = offered.contractor_id))`,
          }))
          .whereRef('contractors.contractor_id', '=', 'offered.contractor_id'),
      )
      .updateTable('leads')
      .from('run_leads as m')
      .set({
        status: 'available',
        price_cents: sql<number>`m.price_cents`,
        lead_type: sql<string>`m.lead_type`,
        matched_at: sql<Date>`m.matched_at`,
        offer_round: 1,
        round_deadline_at: sql<Date>`m.round_deadline_at`,
      })
      .whereRef('leads.lead_id', '=', 'm.lead_id')
      // The statement's snapshot is the one before its own changes: the listing reads the contractors'
      // area and `deleted`, which offering them does not change.
      .returning((eb) => [
        'leads.lead_id',
        listedTo(
          trx,
          eb as unknown as ExpressionBuilder<MatchingDatabase, 'leads'>,
          sql<string[]>`array(select r.contractor_id from run_offers r where r.lead_id = leads.lead_id)`,
          sql<number>`${p.listing}::int`,
        ),
      ]),
  );
const firstOffersWaiting = buildFirstOffers(false);
const firstOffersNoWait = buildFirstOffers(true);
