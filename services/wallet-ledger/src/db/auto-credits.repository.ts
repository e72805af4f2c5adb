import { prepared, preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import { REPEAT_WINDOW_DAYS, type FingerprintedPurchase } from '../domain/auto-credits.js';
import type { WalletLedgerDatabase } from './database.js';

/** An automatic credit row as stored. */
export interface AutoCreditRow {
  id: string;
  purchase_id: string;
  lead_id: string;
  contractor_id: string;
  rule: string;
  amount_cents: number;
  reason: string;
  evidence: unknown;
  observed_at: Date;
  transaction_id: string;
  status: 'credited' | 'reversed';
  credited_at: Date;
  reversed_at: Date | null;
  reversed_by: string | null;
  reversal_notes: string | null;
}

const parseJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/** A contractor's automatic credits, newest first, with the lead's trade and ZIP from the purchase. */
export async function creditsOf(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  const rows = await db
    .selectFrom('auto_credits as c')
    .innerJoin('purchases as p', 'p.id', 'c.purchase_id')
    .selectAll('c')
    .select(['p.service_category', 'p.sub_service', 'p.zip_code'])
    .where('c.contractor_id', '=', contractorId)
    .orderBy('c.credited_at', 'desc')
    .orderBy('c.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...(r as unknown as AutoCreditRow),
    amount_cents: Number(r.amount_cents),
    evidence: parseJson(r.evidence),
    service_category: String(r.service_category),
    sub_service: String(r.sub_service ?? ''),
    zip_code: String(r.zip_code ?? ''),
  }));
}

/** Remember a permanent SMS failure for a lead (the first report wins; a repeat changes nothing). */
export async function recordUnreachableFact(
  db: Kysely<WalletLedgerDatabase>,
  leadId: string,
  evidence: object,
  failedAt: Date,
): Promise<void> {
  await db
    .insertInto('customer_unreachable_facts')
    .values({ lead_id: leadId, evidence: JSON.stringify(evidence), failed_at: failedAt })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
}

/** The stored failure of a lead's customer number, if one was reported. */
export async function unreachableFactOf(db: Kysely<WalletLedgerDatabase>, leadId: string) {
  const [row] = await unreachableFactRead(db, { leadId });
  return row ? { evidence: parseJson(row.evidence), failed_at: new Date(row.failed_at) } : undefined;
}

/** unreachableFactOf's read, compiled once and prepared (docs/adr/0027): every sale runs it. */
const unreachableFactRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { leadId: string }) =>
  db.selectFrom('customer_unreachable_facts').select(['evidence', 'failed_at']).where('lead_id', '=', p.leadId),
);

/** The keyed fingerprint of a purchase's customer, as stored. */
type PurchaseFingerprint = {
  purchase_id: string;
  lead_id: string;
  contractor_id: string;
  fingerprint: string;
  purchased_at: Date;
};

/** Remember the keyed fingerprint of a purchase's customer (a redelivery changes nothing). */
export async function recordPurchaseFingerprint(
  db: Kysely<WalletLedgerDatabase>,
  f: PurchaseFingerprint,
): Promise<void> {
  await recordFingerprintStatement(db, f);
}

/** recordPurchaseFingerprint's insert, compiled once and prepared (docs/adr/0027): every fingerprinted sale runs it. */
const recordFingerprintStatement = prepared((db: Kysely<WalletLedgerDatabase>, p: PurchaseFingerprint) =>
  db
    .insertInto('purchase_fingerprints')
    .values({
      purchase_id: p.purchase_id,
      lead_id: p.lead_id,
      contractor_id: p.contractor_id,
      fingerprint: p.fingerprint,
      purchased_at: p.purchased_at,
    })
    .onConflict((oc) => oc.column('purchase_id').doNothing()),
);

/**
 * The contractor's purchases of one customer still on record (fingerprints live 31 days), with
 * whether each was refunded (by request or automatically).
 */
export async function purchasesOfCustomer(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  fingerprint: string,
): Promise<FingerprintedPurchase[]> {
  const rows = await purchasesOfCustomerRead(db, { contractorId, fingerprint });
  return rows.map((r) => ({
    purchase_id: String(r.purchase_id),
    lead_id: String(r.lead_id),
    purchased_at: new Date(r.purchased_at),
    refunded: r.status === 'refunded',
  }));
}

/** purchasesOfCustomer's read, compiled once and prepared (docs/adr/0027): every fingerprinted sale runs it. */
const purchasesOfCustomerRead = preparedRead(
  (db: Kysely<WalletLedgerDatabase>, p: { contractorId: string; fingerprint: string }) =>
    db
      .selectFrom('purchase_fingerprints as f')
      .innerJoin('purchases as p', 'p.id', 'f.purchase_id')
      .select(['f.purchase_id', 'f.lead_id', 'p.purchased_at', 'p.status'])
      .where('f.contractor_id', '=', p.contractorId)
      .where('f.fingerprint', '=', p.fingerprint),
);

/** Fingerprints past the repeat window (plus a day) are of no more use: deleted, the leads' own copies too (docs/retention.md). */
export async function pruneFingerprints(db: Kysely<WalletLedgerDatabase>): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${REPEAT_WINDOW_DAYS + 1})`;
  const result = await db.deleteFrom('purchase_fingerprints').where('purchased_at', '<', cutoff).executeTakeFirst();
  // A lead's own copy (kept for its sale) goes too once the lead is that old: none of its sales could repeat it now.
  await db
    .updateTable('leads')
    .set({ customer_fingerprint: null })
    .where('customer_fingerprint', 'is not', null)
    .where('created_at', '<', cutoff)
    .execute();
  return Number(result.numDeletedRows);
}

/** A deleted lead's customer leaves no trace here: its fingerprint goes at once. */
export async function eraseFingerprintsOfLead(db: Kysely<WalletLedgerDatabase>, leadId: string): Promise<void> {
  await db.deleteFrom('purchase_fingerprints').where('lead_id', '=', leadId).execute();
  await db.updateTable('leads').set({ customer_fingerprint: null }).where('lead_id', '=', leadId).execute();
}
