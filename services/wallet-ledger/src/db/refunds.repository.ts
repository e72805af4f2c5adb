import type { Kysely } from 'kysely';
import type { RefundRequestsTable, WalletLedgerDatabase } from './database.js';

/** A contractor's own refund requests, newest first (each bought lead's card shows its state). */
export function refundRequestsOfContractor(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  return db
    .selectFrom('refund_requests')
    .select(['id', 'lead_id', 'amount_cents', 'status', 'reason', 'requested_at', 'processed_at', 'admin_notes'])
    .where('contractor_id', '=', contractorId)
    .orderBy('requested_at', 'desc')
    .execute();
}

/** The admin's refund queue, newest first, optionally narrowed to one status and/or one contractor. */
export function refundRequests(
  db: Kysely<WalletLedgerDatabase>,
  filter: { status?: RefundRequestsTable['status']; contractorId?: string },
) {
  let q = db.selectFrom('refund_requests').selectAll().orderBy('requested_at', 'desc');
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.contractorId) q = q.where('contractor_id', '=', filter.contractorId);
  return q.execute();
}

/** A contractor's approved refunds with the time each was decided, for the weekly summaries. */
export function approvedRefundsOf(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  return (
    db
      .selectFrom('refund_requests')
      .select(['amount_cents', 'processed_at'])
      .where('contractor_id', '=', contractorId)
      .where('status', '=', 'approved')
      // A decided refund always has its time; the filter tells the type so.
      .where('processed_at', 'is not', null)
      .$narrowType<{ processed_at: Date }>()
      .execute()
  );
}

/**
 * For each purchase: the buyer's recorded outcome and when the customer confirmed the phone, the
 * facts an operator weighs a refund request by.
 */
export function refundEvidence(db: Kysely<WalletLedgerDatabase>, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchases')
    .leftJoin('contact_confirmations', 'contact_confirmations.lead_id', 'purchases.lead_id')
    .select(['purchases.id as purchase_id', 'purchases.outcome', 'contact_confirmations.confirmed_at'])
    .where('purchases.id', 'in', purchaseIds)
    .execute();
}
