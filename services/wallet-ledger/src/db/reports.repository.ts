import { sql, type Kysely, type Updateable } from 'kysely';
import type { PurchaseFact } from '../domain/reports.js';
import type { WalletLedgerDatabase } from './database.js';

/** The buyer moved a bought lead on (booked or archived it); a refunded purchase stays refunded. */
export async function movePurchase(
  db: Kysely<WalletLedgerDatabase>,
  lead: { lead_id: string; contractor_id: string },
  to: Updateable<WalletLedgerDatabase['purchases']>,
): Promise<void> {
  await db
    .updateTable('purchases')
    .set(to)
    .where('lead_id', '=', lead.lead_id)
    .where('contractor_id', '=', lead.contractor_id)
    .where('status', '<>', 'refunded')
    .execute();
}

/** The purchase columns a report fact holds (firstPaintFacts reads the same ones). */
export const PURCHASE_FACT_COLUMNS = [
  'price_cents',
  'status',
  'purchased_at',
  'offered_at',
  'completed_at',
  'refunded_at',
  'contacted_at',
  'outcome',
  'job_value_cents',
  'outcome_at',
] as const;

/** A purchases row with its money as numbers, whatever the driver handed back for the columns. */
const inCents = <R extends { price_cents: unknown; job_value_cents: unknown }>(r: R) => ({
  ...r,
  price_cents: Number(r.price_cents),
  job_value_cents: r.job_value_cents === null ? null : Number(r.job_value_cents),
});

/** Every purchase of a contractor as report facts. */
export async function purchaseFacts(db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<PurchaseFact[]> {
  const rows = await db
    .selectFrom('purchases')
    .select(PURCHASE_FACT_COLUMNS)
    .where('contractor_id', '=', contractorId)
    .execute();
  return rows.map(inCents);
}

/** A contractor's purchases as outcome facts with the lead's category and ZIP (get-outcome-reports). */
export async function purchaseOutcomeFacts(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  const rows = await db
    .selectFrom('purchases')
    .select([
      'price_cents',
      'status',
      'completed_at',
      'outcome',
      'job_value_cents',
      'lost_reason',
      'service_category',
      'sub_service',
      'zip_code',
    ])
    .where('contractor_id', '=', contractorId)
    .execute();
  return rows.map(inCents);
}

/**
 * Every contractor's purchases as outcome facts (the operator's close rates per category). Only the
 * columns the figures read: the marketplace's purchases, not their leads.
 */
export function marketplaceOutcomeFacts(db: Kysely<WalletLedgerDatabase>) {
  return db
    .selectFrom('purchases')
    .select(['price_cents', 'status', 'completed_at', 'outcome', 'job_value_cents', 'service_category', 'sub_service'])
    .where('status', '<>', 'refunded')
    .execute();
}

/** One page of a contractor's purchases, newest first, with the count of all of them. */
export async function purchaseHistoryPage(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  page: number,
  limit: number,
) {
  const total = await db
    .selectFrom('purchases')
    .select(sql<number>`count(*)`.as('n'))
    .where('contractor_id', '=', contractorId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('purchases')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .orderBy('purchased_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, total: Number(total.n) };
}
