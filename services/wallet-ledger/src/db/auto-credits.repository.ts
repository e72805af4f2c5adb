import { sql, type Kysely } from 'kysely';
import { REPEAT_WINDOW_DAYS, type FingerprintedPurchase } from '../domain/auto-credits.js';

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
export async function creditsOf(db: Kysely<any>, contractorId: string) {
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
  db: Kysely<any>,
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
export async function unreachableFactOf(db: Kysely<any>, leadId: string) {
  const row = await db
    .selectFrom('customer_unreachable_facts')
    .selectAll()
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row ? { evidence: parseJson(row.evidence), failed_at: new Date(row.failed_at) } : undefined;
}

/** Remember the keyed fingerprint of a purchase's customer (a redelivery changes nothing). */
export async function recordPurchaseFingerprint(
  db: Kysely<any>,
  f: { purchase_id: string; lead_id: string; contractor_id: string; fingerprint: string; purchased_at: Date },
): Promise<void> {
  await db
    .insertInto('purchase_fingerprints')
    .values(f)
    .onConflict((oc) => oc.column('purchase_id').doNothing())
    .execute();
}

/**
 * The contractor's purchases of one customer still on record (fingerprints live 31 days), with
 * whether each was refunded (by request or automatically).
 */
export async function purchasesOfCustomer(
  db: Kysely<any>,
  contractorId: string,
  fingerprint: string,
): Promise<FingerprintedPurchase[]> {
  const rows = await db
    .selectFrom('purchase_fingerprints as f')
    .innerJoin('purchases as p', 'p.id', 'f.purchase_id')
    .select(['f.purchase_id', 'f.lead_id', 'p.purchased_at', 'p.status'])
    .where('f.contractor_id', '=', contractorId)
    .where('f.fingerprint', '=', fingerprint)
    .execute();
  return rows.map((r) => ({
    purchase_id: String(r.purchase_id),
    lead_id: String(r.lead_id),
    purchased_at: new Date(r.purchased_at),
    refunded: r.status === 'refunded',
  }));
}

/** Fingerprints past the repeat window (plus a day) are of no more use: deleted (docs/retention.md). */
export async function pruneFingerprints(db: Kysely<any>): Promise<number> {
  const result = await db
    .deleteFrom('purchase_fingerprints')
    .where('purchased_at', '<', sql<Date>`now() - make_interval(days => ${REPEAT_WINDOW_DAYS + 1})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A deleted lead's customer leaves no trace here: its fingerprint goes at once. */
export async function eraseFingerprintsOfLead(db: Kysely<any>, leadId: string): Promise<void> {
  await db.deleteFrom('purchase_fingerprints').where('lead_id', '=', leadId).execute();
}
