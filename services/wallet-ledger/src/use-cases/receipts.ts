import type { Kysely } from 'kysely';
import { notFound } from '@leadmarket/platform';
import { codeMatches, differingFacts, receiptCode, type ReceiptFacts } from '../domain/receipt.js';

export const RECEIPT_MESSAGES = {
  notYours: 'No purchase of this lead by your account was found.',
  exclusive: 'This lead was sold once, to this buyer only: no other purchase of it exists.',
  notExclusive: 'Another purchase of this lead exists.',
  valid:
    'Valid: this receipt was issued by leadmarket and every fact on it matches our records. The lead was sold to one contractor only.',
  invalidCode: 'Invalid: the code does not match these facts. The receipt was changed or was not issued by leadmarket.',
  changedAndInvalid: (facts: string[]) =>
    `Invalid: the code does not match these facts, and ${facts.map(describeFact).join(', ')} ${facts.length === 1 ? 'differs' : 'differ'} from our records. The receipt was changed.`,
  changed: (facts: string[]) =>
    `Invalid: ${facts.length === 1 ? 'one fact differs' : `${facts.length} facts differ`} from our records (${facts.map(describeFact).join(', ')}).`,
  unknownLead: 'Invalid: leadmarket has no purchase of this lead.',
  needFacts: 'Enter the lead id or the whole receipt with the code.',
} as const;

/** Plain words for each fact, in verdicts. */
const FACT_WORDS: Record<keyof ReceiptFacts, string> = {
  lead_id: 'the lead',
  contractor_id: 'the buyer',
  purchase_id: 'the purchase',
  transaction_id: 'the ledger transaction',
  price_cents: 'the price',
  price_row: 'the price row',
  lead_type: 'the price tier',
  price_source: 'where the price came from',
  price_version: 'the price version',
  priced_at: 'when the price was fixed',
  offered_at: 'when it was offered',
  offered_to: 'how many contractors were offered it',
  purchased_at: 'when it was bought',
  other_purchases: 'the other purchases',
};
const describeFact = (name: string) => FACT_WORDS[name as keyof ReceiptFacts] ?? name;

const iso = (v: unknown): string => (v ? new Date(v as string).toISOString() : '');

/**
 * The facts of a lead's purchase as the database says now (undefined when the lead was never
 * bought). The exclusivity statement is counted here, at read time: purchases of the lead other
 * than the one on the receipt.
 */
export async function readReceiptFacts(db: Kysely<any>, leadId: string): Promise<ReceiptFacts | undefined> {
  const purchase = await db
    .selectFrom('purchases')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('purchased_at')
    .executeTakeFirst();
  if (!purchase) return undefined;
  const lead = await db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  const others = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('lead_id', '=', leadId)
    .where('id', '<>', purchase.id)
    .executeTakeFirstOrThrow();
  const offers = await db
    .selectFrom('lead_offers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();
  return {
    lead_id: leadId,
    contractor_id: String(purchase.contractor_id),
    purchase_id: String(purchase.id),
    transaction_id: String(purchase.transaction_id),
    price_cents: Number(purchase.price_cents),
    price_row: String(lead?.price_row ?? ''),
    lead_type: String(lead?.lead_type ?? ''),
    price_source: String(lead?.price_source ?? ''),
    price_version:
      lead?.price_version_id === null || lead?.price_version_id === undefined ? '' : String(lead.price_version_id),
    priced_at: iso(lead?.created_at),
    offered_at: iso(purchase.offered_at),
    offered_to: Number(offers.n),
    purchased_at: iso(purchase.purchased_at),
    other_purchases: Number(others.n),
  };
}

/** A receipt as the buyer (or the admin) reads it: the facts, the code and the statement. */
export function presentReceipt(key: string, facts: ReceiptFacts) {
  const exclusive = facts.other_purchases === 0;
  return {
    success: true as const,
    receipt: facts,
    code: receiptCode(key, facts),
    exclusive,
    statement: exclusive ? RECEIPT_MESSAGES.exclusive : RECEIPT_MESSAGES.notExclusive,
    verify_function: 'verify-lead-receipt' as const,
  };
}

/** The buyer's receipt of one lead; 404 unless this contractor bought it (ownership checked here). */
export async function receiptFor(db: Kysely<any>, key: string, leadId: string, contractorId: string | null) {
  const facts = await readReceiptFacts(db, leadId);
  if (!facts || (contractorId !== null && facts.contractor_id !== contractorId))
    throw notFound(RECEIPT_MESSAGES.notYours);
  return presentReceipt(key, facts);
}

/**
 * Check a receipt handed over by anyone. Valid only when the code is the server's code of the
 * facts AND the facts are what the database says now (so a receipt whose purchase was undone, or
 * whose lead was sold twice, stops verifying). With only the lead id, the facts come from the
 * database and the code must be theirs.
 */
export async function verifyReceipt(
  db: Kysely<any>,
  key: string,
  input: { code: string; lead_id?: string; receipt?: ReceiptFacts },
) {
  const leadId = input.receipt?.lead_id ?? input.lead_id;
  // A receipt whose lead id was changed is still found by its purchase, so the verdict can say what differs.
  const actual =
    (isUuid(leadId) ? await readReceiptFacts(db, leadId) : undefined) ??
    (isUuid(input.receipt?.purchase_id) ? await factsOfPurchase(db, input.receipt.purchase_id) : undefined);
  const answer = (valid: boolean, verdict: string, differing: string[] = []) => ({
    success: true as const,
    valid,
    verdict,
    differing_facts: differing,
    receipt: valid ? (actual ?? null) : null,
  });
  if (input.receipt) {
    if (!codeMatches(key, input.receipt, input.code)) {
      const differing = actual ? differingFacts(input.receipt, actual) : [];
      return answer(
        false,
        differing.length ? RECEIPT_MESSAGES.changedAndInvalid(differing) : RECEIPT_MESSAGES.invalidCode,
        differing,
      );
    }
    if (!actual) return answer(false, RECEIPT_MESSAGES.unknownLead);
    const differing = differingFacts(input.receipt, actual);
    if (differing.length) return answer(false, RECEIPT_MESSAGES.changed(differing), differing);
  } else {
    if (!actual) return answer(false, RECEIPT_MESSAGES.unknownLead);
    if (!codeMatches(key, actual, input.code)) return answer(false, RECEIPT_MESSAGES.invalidCode);
  }
  if (actual.other_purchases !== 0) return answer(false, RECEIPT_MESSAGES.notExclusive);
  return answer(true, RECEIPT_MESSAGES.valid);
}

const isUuid = (v: string | undefined): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The facts of the lead a purchase bought (undefined when no such purchase). */
async function factsOfPurchase(db: Kysely<any>, purchaseId: string): Promise<ReceiptFacts | undefined> {
  const row = await db.selectFrom('purchases').select('lead_id').where('id', '=', purchaseId).executeTakeFirst();
  return row ? readReceiptFacts(db, String(row.lead_id)) : undefined;
}
