import { sql, type Kysely } from 'kysely';
import type { PurchaseFact } from '../domain/reports.js';
import type { WalletLedgerDatabase } from './database.js';

/** Every purchase of a contractor as report facts. */
export async function purchaseFacts(db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<PurchaseFact[]> {
  const rows = await db
    .selectFrom('purchases')
    .select(['price_cents', 'status', 'purchased_at', 'offered_at', 'completed_at', 'refunded_at', 'contacted_at'])
    .where('contractor_id', '=', contractorId)
    .execute();
  return rows.map((r) => ({
    price_cents: Number(r.price_cents),
    status: r.status,
    purchased_at: r.purchased_at,
    offered_at: r.offered_at,
    completed_at: r.completed_at,
    refunded_at: r.refunded_at,
    contacted_at: r.contacted_at,
  }));
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
