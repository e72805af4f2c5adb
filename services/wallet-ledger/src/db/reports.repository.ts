import type { Kysely } from 'kysely';
import type { PurchaseFact } from '../domain/reports.js';

const date = (v: unknown) => (v == null ? null : new Date(v as string));

/** Every purchase of a contractor as report facts. */
export async function purchaseFacts(db: Kysely<any>, contractorId: string): Promise<PurchaseFact[]> {
  const rows = await db
    .selectFrom('purchases')
    .select(['price_cents', 'status', 'purchased_at', 'offered_at', 'completed_at', 'refunded_at', 'contacted_at'])
    .where('contractor_id', '=', contractorId)
    .execute();
  return rows.map((r) => ({
    price_cents: Number(r.price_cents),
    status: r.status,
    purchased_at: new Date(r.purchased_at),
    offered_at: date(r.offered_at),
    completed_at: date(r.completed_at),
    refunded_at: date(r.refunded_at),
    contacted_at: date(r.contacted_at),
  }));
}
