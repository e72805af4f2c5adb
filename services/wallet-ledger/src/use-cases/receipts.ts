import type { Kysely } from 'kysely';
import { notFound } from '@leadmarket/platform';
import { codeMatches, differingFacts, receiptCode, type ReceiptFacts } from '../domain/receipt.js';
import type { WalletLedgerDatabase } from '../db/database.js';

export const RECEIPT_MESSAGES = {
  notYours: 'No purchase of this lead by your account was found.',
  exclusive: 'This lead was sold once, to this buyer only: no other purchase of it exists.',
  notExclusive: 'Another purchase of this lead exists.',
  refundedStatement: 'This purchase was refunded: the receipt no longer verifies.',
  deletedStatement: 'This lead was deleted: the receipt no longer verifies.',
  valid:
    'Valid: this receipt was issued by leadmarket and matches our records. The lead was sold to one contractor only.',
  // One answer for a wrong code, a changed fact, an unknown lead and an unsold one: it must not tell them apart.
  invalid: 'Not valid: leadmarket did not issue this receipt for this lead, or it was changed.',
  refunded: 'No longer valid: this receipt was valid, but the purchase has since been refunded.',
  deleted: 'No longer valid: this receipt was valid, but the lead has since been deleted.',
  needFacts: 'Enter the lead id or the whole receipt with the code.',
  tooMany: 'Too many receipt checks from your address. Please wait a few minutes and try again.',
} as const;

/** A verification's outcome: valid, not valid, or valid once and undone since. */
export type ReceiptStanding = 'valid' | 'invalid' | 'refunded' | 'deleted';

const iso = (v: unknown): string => (v ? new Date(v as string).toISOString() : '');

/**
 * The facts of a lead's purchase as the database says now (undefined when the lead was never
 * bought). The exclusivity statement is counted here, at read time: purchases of the lead other
 * than the one on the receipt.
 */
export async function readReceiptFacts(
  db: Kysely<WalletLedgerDatabase>,
  leadId: string,
): Promise<ReceiptFacts | undefined> {
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
  const confirmation = await db
    .selectFrom('contact_confirmations')
    .select('confirmed_at')
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  // Only a confirmation the buyer could have seen before buying is a fact of the sale.
  const confirmedBefore =
    confirmation && new Date(confirmation.confirmed_at).getTime() <= new Date(purchase.purchased_at).getTime();
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
    phone_confirmed_at: confirmedBefore ? iso(confirmation.confirmed_at) : '',
  };
}

/** A receipt as the buyer (or the admin) reads it: the facts, the code and the statement. */
export function presentReceipt(key: string, facts: ReceiptFacts, undone?: 'refunded' | 'deleted') {
  const exclusive = facts.other_purchases === 0;
  const statement =
    undone === 'refunded'
      ? RECEIPT_MESSAGES.refundedStatement
      : undone === 'deleted'
        ? RECEIPT_MESSAGES.deletedStatement
        : exclusive
          ? RECEIPT_MESSAGES.exclusive
          : RECEIPT_MESSAGES.notExclusive;
  return {
    success: true as const,
    receipt: facts,
    code: receiptCode(key, facts),
    exclusive,
    statement,
    verify_function: 'verify-lead-receipt' as const,
  };
}

/** The buyer's receipt of one lead; 404 unless this contractor bought it (ownership checked here). */
export async function receiptFor(
  db: Kysely<WalletLedgerDatabase>,
  key: string,
  leadId: string,
  contractorId: string | null,
) {
  const facts = await readReceiptFacts(db, leadId);
  if (!facts || (contractorId !== null && facts.contractor_id !== contractorId))
    throw notFound(RECEIPT_MESSAGES.notYours);
  return presentReceipt(key, facts, await undoneSince(db, facts));
}

/** Whether the purchase a receipt states was refunded, or its lead deleted, since it was issued. */
async function undoneSince(
  db: Kysely<WalletLedgerDatabase>,
  facts: ReceiptFacts,
): Promise<'refunded' | 'deleted' | undefined> {
  const purchase = await db
    .selectFrom('purchases')
    .select('status')
    .where('id', '=', facts.purchase_id)
    .where('lead_id', '=', facts.lead_id)
    .executeTakeFirst();
  if (purchase?.status === 'refunded') return 'refunded';
  const lead = await db
    .selectFrom('leads')
    .select('deleted_at')
    .where('lead_id', '=', facts.lead_id)
    .executeTakeFirst();
  return lead?.deleted_at ? 'deleted' : undefined;
}

/**
 * Check a receipt handed over by anyone: only whether it is valid, or was valid and has been undone
 * since (refunded, deleted). Which fact differs, whether the lead exists or was sold, is never said:
 * any wrong code or fact gets the same answer, so the check cannot be used to learn a purchase's
 * facts. With only the lead id, the facts are the database's and the code must be theirs.
 */
export async function verifyReceipt(
  db: Kysely<WalletLedgerDatabase>,
  key: string,
  input: { code: string; lead_id?: string; receipt?: ReceiptFacts },
) {
  const answer = (status: ReceiptStanding) => ({
    success: true as const,
    valid: status === 'valid',
    status,
    verdict: RECEIPT_MESSAGES[status],
  });
  const leadId = input.receipt?.lead_id ?? input.lead_id;
  const given = input.receipt ?? (isUuid(leadId) ? await readReceiptFacts(db, leadId) : undefined);
  // The code proves leadmarket issued exactly these facts; without it nothing else is looked at.
  if (!given || !codeMatches(key, given, input.code)) return answer('invalid');
  const undone = await undoneSince(db, given);
  if (undone) return answer(undone);
  const actual = await readReceiptFacts(db, given.lead_id);
  if (!actual || differingFacts(given, actual).length > 0 || actual.other_purchases !== 0) return answer('invalid');
  return answer('valid');
}

const isUuid = (v: string | undefined): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
