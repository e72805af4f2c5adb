import { preparedRead } from '@leadmarket/platform';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { StoredLead } from '../domain/available-leads.js';
import type { MatchingDatabase } from './database.js';

/** Leads waiting for their match (their match in the consumer failed, or a wake-up was missed), oldest first. */
export async function pendingLeadIds(db: Kysely<MatchingDatabase>, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('lead_id')
    .where('status', '=', 'pending_match')
    .where('price_cents', 'is not', null)
    .orderBy('submitted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.lead_id);
}

export async function findLead(db: Kysely<MatchingDatabase>, leadId: string) {
  return db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/**
 * A lead left the market (sold, expired, deleted), in one statement. When the event beats the lead's
 * own LeadPriced, a tombstone row is stored, so the later LeadPriced finds the lead closed and never
 * offers it. When that LeadPriced is being handled at this moment (its row inserted, not committed),
 * the upsert waits for it and closes the committed row — an insert that skipped the conflict would
 * leave it open. A sale is never overwritten by an expiry; a deletion overwrites anything but
 * itself, and erases the description (which may hold the customer's contact).
 */
export async function closeLead(
  db: Kysely<MatchingDatabase>,
  leadId: string,
  status: 'purchased' | 'expired' | 'deleted',
  purchasedBy?: string,
): Promise<void> {
  const closed = await db
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
    .onConflict((oc) =>
      oc
        .column('lead_id')
        .doUpdateSet({
          status,
          ...(purchasedBy ? { purchased_by: purchasedBy } : {}),
          ...(status === 'deleted' ? { description: '' } : {}),
        })
        .where('leads.status', 'not in', status === 'deleted' ? ['deleted'] : ['purchased', 'deleted']),
    )
    .returning('lead_id')
    .executeTakeFirst();
  if (closed && status === 'purchased' && purchasedBy) await countPurchase(db, purchasedBy);
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

/** One page of a contractor's available leads and how many there are in all. */
export interface AvailableLeadsPage {
  leads: StoredLead[];
  total: number;
}

/**
 * Still-sellable leads newer than `since` that are in the contractor's ZIP codes and trade, or were
 * offered to it, newest first: the newest `limit` with their descriptions and the count of all, in ONE
 * statement. However many leads wait, PostgreSQL reads the first `limit` of each of the contractor's
 * ZIP codes (leads_available_trade_idx: available leads by ZIP, trade, newest first), the offers made
 * to it, and counts index entries; only the page shown is read whole and leaves the database
 * (docs/adr/0015-fast-dashboard.md, docs/adr/0026-available-leads-page-and-count.md).
 */
export async function availableLeadsOf(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  since: Date,
  limit: number,
): Promise<AvailableLeadsPage> {
  const rows = await availableLeadsRead(db, {
    contractorId,
    since: since.toISOString(),
    limit: String(limit),
  });
  return { leads: rows, total: Number(rows[0]?.total ?? 0) };
}

type AvailableParams = { contractorId: string; since: string; limit?: string };

const sinceOf = (p: AvailableParams) => sql<Date>`${p.since}::timestamptz`;

const sellable = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, table: string, p: AvailableParams) =>
  eb.and([eb(sql.ref(`${table}.status`), '=', 'available'), eb(sql.ref(`${table}.submitted_at`), '>', sinceOf(p))]);

/**
 * The contractor's ZIP codes in its trade (`mine`: none for a deleted or unknown contractor, which
 * sees only its offers) and the sellable leads offered to it (`offered`), the two branches of its list.
 */
function branchesOf(db: Kysely<MatchingDatabase>, p: AvailableParams) {
  // The query builder, not raw SQL: the service's schema (withSchema) applies to builder table names only.
  return (
    db
      .with('mine', (qb) =>
        qb
          .selectFrom('contractor_zips as z')
          .innerJoin('contractors as c', 'c.contractor_id', 'z.contractor_id')
          .select(['z.zip_code', 'c.target'])
          .where('z.contractor_id', '=', p.contractorId)
          .where('c.deleted', '=', false),
      )
      // Sellable leads offered to it (one offer per lead and contractor: offers_pk).
      .with('offered', (qb) =>
        qb
          .selectFrom('offers as o')
          .crossJoinLateral((eb) =>
            eb
              .selectFrom('leads as ol')
              .select(['ol.zip_code', 'ol.target'])
              .whereRef('ol.lead_id', '=', 'o.lead_id')
              .where((e) => sellable(e, 'ol', p))
              .limit(1) // the offer's lead: a limit keeps the lateral a lookup (below)
              .as('ol'),
          )
          .select(['o.lead_id', 'ol.zip_code', 'ol.target'])
          .where('o.contractor_id', '=', p.contractorId)
          // An offer is never older than its lead, so offers before `since` cannot name a lead after it.
          .where('o.offered_at', '>', sinceOf(p)),
      )
  );
}

type Branches = ReturnType<typeof branchesOf>;
type BranchesScope = Branches extends { selectNoFrom(cb: (eb: infer E) => unknown): unknown } ? E : never;

/**
 * How many leads the two branches hold together: every lead of the ZIP branch (a range of
 * leads_available_trade_idx per ZIP code), then the offered leads that branch does not hold. That is
 * the union's size without building the union; index entries are counted, no lead is read whole.
 */
function totalOf(eb: BranchesScope, p: AvailableParams) {
  return eb(
    eb
      .selectFrom('mine as m')
      .crossJoinLateral((e) =>
        e
          .selectFrom('leads as z')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('z.zip_code', '=', 'm.zip_code')
          .whereRef('z.target', '=', 'm.target')
          .where((w) => sellable(w, 'z', p))
          .as('k'),
      )
      .select(sql<number>`coalesce(sum(k.n), 0)`.as('n')),
    '+',
    eb
      .selectFrom('offered as o')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mine as mm')
              .select('mm.zip_code')
              .whereRef('mm.zip_code', '=', 'o.zip_code')
              .whereRef('mm.target', '=', 'o.target'),
          ),
        ),
      ),
  ).as('total');
}

/**
 * The statement of availableLeadsOf, built and compiled once and sent as a prepared statement
 * (preparedRead, docs/adr/0025).
 *
 * The leads shown are the union of the two branches. The newest `limit` of the union are among the
 * newest `limit` of each ZIP code and the offers, so only those are joined and sorted.
 */
const availableLeadsRead = preparedRead(
  (db: Kysely<MatchingDatabase>, p: { contractorId: string; since: string; limit: string }) => {
    const limit = sql<number>`${p.limit}::int`;
    // Each lateral reads by its outer row's key, by index. A lateral with a limit is never merged into
    // a join, which PostgreSQL would otherwise do and then, where one ZIP code holds most leads (the
    // bench), read the whole table to find a hundred of them by id.
    return (
      branchesOf(db, p)
        .with('candidates', (qb) =>
          qb
            .selectFrom('mine as m')
            .crossJoinLateral((eb) =>
              eb
                .selectFrom('leads as n')
                .select(['n.lead_id'])
                .whereRef('n.zip_code', '=', 'm.zip_code')
                .whereRef('n.target', '=', 'm.target')
                .where((e) => sellable(e, 'n', p))
                .orderBy('n.submitted_at', 'desc')
                .orderBy('n.lead_id')
                .limit(limit)
                .as('newest'),
            )
            .select('newest.lead_id')
            .union((eb) => eb.selectFrom('offered').select('offered.lead_id')),
        )
        .selectFrom('candidates as c')
        .crossJoinLateral((eb) =>
          eb
            .selectFrom('leads as l')
            .select([
              'l.lead_id',
              'l.service_category',
              'l.sub_service',
              'l.zip_code',
              'l.description',
              'l.submitted_at',
              'l.price_cents',
              'l.lead_type',
              'l.urgency',
              'l.line_type',
              'l.email_present',
              'l.phone_confirmed_at',
            ])
            .whereRef('l.lead_id', '=', 'c.lead_id')
            .limit(1)
            .as('l'),
        )
        .selectAll('l')
        // The page's scope holds the branches and more; kysely's builders are invariant in it, so narrowed.
        .select((eb) => totalOf(eb as unknown as BranchesScope, p))
        .orderBy('l.submitted_at', 'desc')
        .orderBy('l.lead_id')
        .limit(limit)
    );
  },
);

/**
 * How many still-sellable leads newer than `since` the contractor's Available tab holds (the count of
 * availableLeadsOf without its page): the dashboard's first paint shows the tab's count, not its cards
 * (docs/adr/0029-first-paint-counts-available-leads.md). One row, index entries counted.
 */
export async function availableCountOf(
  db: Kysely<MatchingDatabase>,
  contractorId: string,
  since: Date,
): Promise<number> {
  const [row] = await availableCountRead(db, { contractorId, since: since.toISOString() });
  return Number(row?.total ?? 0);
}

const availableCountRead = preparedRead((db: Kysely<MatchingDatabase>, p: { contractorId: string; since: string }) =>
  branchesOf(db, p).selectNoFrom((eb) => totalOf(eb, p)),
);
