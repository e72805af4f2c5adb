import { PURCHASED_LISTS, type PurchasedList, type PurchasedLeadsQuery } from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { findLeads, type LeadRow } from './lead.repository.js';
import type { LeadIntakeDatabase } from './database.js';

// One page of one list of a contractor's bought leads, searched and counted in PostgreSQL (a
// contractor with thousands of purchases must not receive them all to show 25).

/** Which bought leads belong to each list: the four state lists never overlap; Claimed is a view by channel. */
function inList(eb: ExpressionBuilder<LeadIntakeDatabase, 'leads'>, list: PurchasedList) {
  switch (list) {
    case 'refunded':
      return eb('refunded_at', 'is not', null);
    case 'claimed':
      return eb('purchase_channel', '=', 'claim');
    default:
      return eb.and([eb('refunded_at', 'is', null), eb('status', '=', list)]);
  }
}

/** LIKE-pattern text: the search is literal, so % and _ typed by the user match themselves. */
const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word must appear in the customer's name, the ZIP, the category or the sub-service (any
 * letter case; "home services" finds home_services, as the category is shown in words).
 */
function matchesSearch(eb: ExpressionBuilder<LeadIntakeDatabase, 'leads'>, search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = sql<string>`lower(coalesce(customer_name, '') || ' ' || coalesce(zip_code, '') || ' ' || translate(coalesce(service_category, '') || ' ' || coalesce(sub_service, ''), '_-', '  '))`;
  return eb.and(words.map((w) => eb(text, 'like', `%${literal(w.replace(/[_-]+/g, ' '))}%`)));
}

/** One page of `q.list` matching `q.search`, newest purchase first, with the list's total and every list's size. */
export async function purchasedLeadsPage(
  db: Kysely<LeadIntakeDatabase>,
  contractorId: string,
  q: PurchasedLeadsQuery,
): Promise<{ rows: LeadRow[]; total: number; counts: Record<PurchasedList, number> }> {
  const mine = db.selectFrom('leads').where('purchased_by', '=', contractorId).where('status', '!=', 'deleted');
  const filtered = mine.where((eb) => eb.and([inList(eb, q.list), matchesSearch(eb, q.search)]));
  const [ids, total, counts] = await Promise.all([
    filtered
      .select('id')
      .orderBy('purchased_at', 'desc')
      .orderBy('id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    boughtCounts(db, contractorId),
  ]);
  const byId = new Map(
    (
      await findLeads(
        db,
        ids.map((r) => r.id),
      )
    ).map((row) => [row.id, row]),
  );
  const rows = ids.map((r) => byId.get(r.id)).filter((r): r is LeadRow => Boolean(r));
  return {
    rows,
    total: Number(total.n),
    counts,
  };
}

/** The size of each list of a contractor's bought leads, in one statement (the dashboard's tab counts). */
export async function boughtCounts(
  db: Kysely<LeadIntakeDatabase>,
  contractorId: string,
): Promise<Record<PurchasedList, number>> {
  return countsFrom(await listSizes(db, contractorId).executeTakeFirstOrThrow());
}

/** One row: each list's size as `n_<list>`. */
const listSizes = (db: Kysely<LeadIntakeDatabase>, contractorId: string) =>
  db
    .selectFrom('leads')
    .where('purchased_by', '=', contractorId)
    .where('status', '!=', 'deleted')
    .select((eb) =>
      PURCHASED_LISTS.map((list) =>
        eb.fn
          .countAll<string>()
          .filterWhere((f) => inList(f, list))
          .as(`n_${list}`),
      ),
    );

const countsFrom = (row: Record<string, unknown>) =>
  Object.fromEntries(PURCHASED_LISTS.map((l) => [l, Number(row[`n_${l}`])])) as Record<PurchasedList, number>;

/** Compiled once, sent as a prepared statement (preparedRead). */
const claimedAndSizesRead = preparedRead((db: Kysely<LeadIntakeDatabase>, p: { contractorId: string }) =>
  db
    .selectFrom(listSizes(db, p.contractorId).as('n'))
    .leftJoin('leads', (join) =>
      join
        .on('leads.purchased_by', '=', p.contractorId)
        .on('leads.status', '!=', 'deleted')
        .on('leads.purchase_channel', '=', 'claim'),
    )
    .selectAll('leads')
    .select(PURCHASED_LISTS.map((l) => `n.n_${l}` as const))
    .orderBy('leads.purchased_at', 'desc'),
);

/**
 * lead-intake's part of the dashboard's first screen in ONE statement: the leads the contractor bought
 * through a claim link (newest purchase first, as leadsPurchasedBy(…, 'claim') answers them) and the
 * size of each bought list (boughtCounts). The counts' one row is joined to the claimed leads, so
 * the answer has a row even when nothing was claimed.
 */
export async function claimedLeadsAndCounts(
  db: Kysely<LeadIntakeDatabase>,
  contractorId: string,
): Promise<{ claimed: LeadRow[]; counts: Record<PurchasedList, number> }> {
  const rows = await claimedAndSizesRead(db, { contractorId });
  return {
    claimed: rows.filter((r) => r.id !== null) as unknown as LeadRow[],
    counts: countsFrom(rows[0] as Record<string, unknown>),
  };
}
