import { randomUUID } from 'node:crypto';
import { formatCents, type AutoCreditRule } from '@leadmarket/contracts';
import { conflict, notFound, type NewEvent, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { purchasesOfCustomer } from '../db/auto-credits.repository.js';
import {
  AUTO_CREDIT_REASONS,
  repeatPurchases,
  type FingerprintedPurchase,
  type RepeatEvidence,
} from '../domain/auto-credits.js';
import { purchaseLines, refundLines, walletAccountOf } from '../domain/ledger.js';
import { balanceChanged } from './events.js';
import { lowBalanceEvents } from './low-balance.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** Texts of the reversal's refusals. */
export const AUTO_CREDIT_MESSAGES = {
  notFound: 'Automatic credit not found',
  alreadyReversed: 'This automatic credit was already reversed',
  notEnoughBalance: (balanceCents: number, amountCents: number) =>
    `The wallet holds ${formatCents(balanceCents)}, less than the ${formatCents(amountCents)} credit; the credit cannot be taken back in full`,
} as const;

/** What a grant needs: the purchase, the rule, its evidence and when the defect was observed. */
export interface AutoCreditClaim {
  purchaseId: string;
  rule: AutoCreditRule;
  evidence: object;
  observedAt: Date;
}

/**
 * Refund a purchase in full for an objective defect, in the caller's transaction: one ledger
 * transaction (revenue pays the wallet back, reference `auto_credit:<purchase>`), the credit row
 * with its reason and evidence, the purchase marked refunded, AutoCreditGranted for the
 * contractor's notice. At most once per purchase: a purchase already refunded — by request, by
 * another rule or by a redelivered event — gets nothing (the UNIQUE purchase_id and the ledger
 * reference back that up under races). Returns the credit id, or null when nothing was granted.
 */
export async function grantAutoCredit(
  trx: Kysely<WalletLedgerDatabase>,
  emit: (events: NewEvent[]) => Promise<void>,
  claim: AutoCreditClaim,
): Promise<string | null> {
  const buyer = await trx
    .selectFrom('purchases')
    .select('contractor_id')
    .where('id', '=', claim.purchaseId)
    .executeTakeFirst();
  if (!buyer) return null;
  const contractorId = String(buyer.contractor_id);
  // The wallet first, as every money move of this contractor does (a refund decision locks the
  // wallet and then writes the purchase): the same order everywhere, so no deadlock.
  await lockWallet(trx, contractorId);
  const purchase = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', claim.purchaseId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (purchase.status === 'refunded') return null;
  const amount = Number(purchase.price_cents);
  if (amount <= 0) return null;
  const reason = AUTO_CREDIT_REASONS[claim.rule];
  const posted = await postTransaction(trx, {
    kind: 'auto_credit',
    contractorId,
    reference: `auto_credit:${claim.purchaseId}`,
    amountCents: amount,
    description: `Automatic credit for lead ${String(purchase.lead_id).slice(0, 8)}: ${reason}`,
    lines: refundLines(contractorId, amount),
  });
  if (!posted) return null;
  const id = randomUUID();
  const now = new Date();
  await trx
    .insertInto('auto_credits')
    .values({
      id,
      purchase_id: claim.purchaseId,
      lead_id: purchase.lead_id,
      contractor_id: contractorId,
      rule: claim.rule,
      amount_cents: amount,
      reason,
      evidence: JSON.stringify(claim.evidence),
      observed_at: claim.observedAt,
      transaction_id: posted.id,
      status: 'credited',
      credited_at: now,
    })
    .execute();
  await trx
    .updateTable('purchases')
    .set({ status: 'refunded', refunded_at: now })
    .where('id', '=', claim.purchaseId)
    .execute();
  // A repeat-lead credit resting on this purchase is judged again; one the wallet cannot cover is
  // left for the admin (the contractor page lists it with its evidence).
  const balance = posted.balances.get(walletAccountOf(contractorId))!;
  const dependents = await reevaluateCreditsRestingOn(trx, contractorId, claim.purchaseId, null);
  await emit([
    balanceChanged(contractorId, balance, 'auto_credit'),
    {
      type: 'AutoCreditGranted',
      data: {
        credit_id: id,
        contractor_id: contractorId,
        lead_id: String(purchase.lead_id),
        purchase_id: claim.purchaseId,
        rule: claim.rule,
        amount_cents: amount,
        balance_cents: balance,
        reason,
        service_category: String(purchase.service_category),
        zip_code: String(purchase.zip_code),
        granted_at: now.toISOString(),
      },
    },
    ...dependents.events,
  ]);
  return id;
}

/**
 * The automatic credits a sale earns at once, in the sale's transaction (the buyer's wallet already
 * locked by it), from what this service knew before the sale (docs/adr/0043): a failure of the
 * customer's number already reported credits it; a purchase repeating a customer the same
 * contractor paid for within 30 days is credited (the later one; a credited repeat does not count
 * as paid for a third). Returns whether anything was granted.
 *
 * The facts come from the sale's one read after its locks (saleFactsOf, docs/adr/0028): the
 * customer failure known for the lead, and the contractor's earlier purchases of the customer;
 * the sale's own fingerprint was written with its purchase.
 */
export async function creditsAtSale(
  trx: Kysely<WalletLedgerDatabase>,
  emit: (events: NewEvent[]) => Promise<void>,
  sale: {
    purchaseId: string;
    leadId: string;
    contractorId: string;
    customerFingerprint: string | null;
    purchasedAt: Date;
    /** Read after the lead's lock: one stored while the sale waited is here, one stored after waits for the sale (it locks the lead). */
    unreachable: { evidence: unknown; failed_at: Date } | null;
    /** The contractor's purchases of the customer before this one (read under the wallet lock). */
    customerPurchases: FingerprintedPurchase[];
  },
): Promise<boolean> {
  let granted = false;
  const known = sale.unreachable;
  if (known)
    granted =
      (await grantAutoCredit(trx, emit, {
        purchaseId: sale.purchaseId,
        rule: 'customer_unreachable',
        evidence: known.evidence as object,
        observedAt: known.failed_at,
      })) !== null || granted;
  if (!sale.customerFingerprint) return granted;
  // This sale as it now stands: refunded if the failure above was credited.
  const purchases: FingerprintedPurchase[] = [
    ...sale.customerPurchases.filter((p) => p.purchase_id !== sale.purchaseId),
    { purchase_id: sale.purchaseId, lead_id: sale.leadId, purchased_at: sale.purchasedAt, refunded: granted },
  ];
  for (const { purchase, earlier } of repeatPurchases(purchases)) {
    const evidence: RepeatEvidence = {
      earlier_lead_id: earlier.lead_id,
      earlier_purchase_id: earlier.purchase_id,
      earlier_purchased_at: earlier.purchased_at.toISOString(),
      purchased_at: purchase.purchased_at.toISOString(),
    };
    const id = await grantAutoCredit(trx, emit, {
      purchaseId: purchase.purchase_id,
      rule: 'repeat_lead',
      evidence,
      observedAt: new Date(),
    });
    granted = id !== null || granted;
  }
  return granted;
}

/** The purchase of a lead, if it was sold. */
export async function purchaseOfLead(trx: Kysely<WalletLedgerDatabase>, leadId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('purchases').select('id').where('lead_id', '=', leadId).executeTakeFirst();
  return row ? String(row.id) : undefined;
}

/**
 * An admin takes an automatic credit back: the reverse ledger transaction (the wallet pays revenue
 * again), the credit marked reversed with who and why, the purchase counted as paid again, and
 * AutoCreditReversed so the contractor hears of it. The wallet never goes below zero: a wallet that
 * spent the credit is refused with the amounts. Returns the states before and after for the audit.
 */
export async function reverseAutoCredit(
  ctx: ServiceContext<WalletLedgerDatabase>,
  input: { creditId: string; notes: string; adminId: string | null },
) {
  return ctx.transaction(async (trx) => {
    const credit = await trx
      .selectFrom('auto_credits')
      .selectAll()
      .where('id', '=', input.creditId)
      .forUpdate()
      .executeTakeFirst();
    if (!credit) throw notFound(AUTO_CREDIT_MESSAGES.notFound);
    if (credit.status === 'reversed') throw conflict(AUTO_CREDIT_MESSAGES.alreadyReversed);
    const contractorId = String(credit.contractor_id);
    const amount = Number(credit.amount_cents);
    const balance = await lockWallet(trx, contractorId);
    if (balance < amount) throw conflict(AUTO_CREDIT_MESSAGES.notEnoughBalance(balance, amount));
    const { events, newBalance } = await takeBackCredit(trx, credit, balance, input.notes, input.adminId);
    await ctx.emit(trx, events);
    return {
      contractor_id: contractorId,
      before: { status: 'credited', balance_cents: balance, amount_cents: amount, rule: String(credit.rule) },
      after: { status: 'reversed', balance_cents: newBalance, notes: input.notes },
    };
  });
}

/**
 * Take a credit back in the caller's transaction, the wallet locked and holding `balance` (at least
 * the credit): the reverse ledger transaction, the credit marked reversed with who and why, the
 * purchase counted as paid again. Returns the events to emit (the contractor hears of it).
 */
async function takeBackCredit(
  trx: Kysely<WalletLedgerDatabase>,
  credit: { id: string; contractor_id: string; lead_id: string; purchase_id: string; amount_cents: number },
  balance: number,
  notes: string,
  adminId: string | null,
): Promise<{ events: NewEvent[]; newBalance: number }> {
  const contractorId = String(credit.contractor_id);
  const amount = Number(credit.amount_cents);
  const posted = await postTransaction(trx, {
    kind: 'auto_credit_reversal',
    contractorId,
    reference: `auto_credit_reversal:${credit.id}`,
    amountCents: -amount,
    description: `Automatic credit reversed for lead ${String(credit.lead_id).slice(0, 8)}: ${notes}`,
    createdBy: adminId,
    lines: purchaseLines(contractorId, amount),
  });
  const newBalance = posted!.balances.get(walletAccountOf(contractorId))!;
  const now = new Date();
  await trx
    .updateTable('auto_credits')
    .set({
      status: 'reversed',
      reversed_at: now,
      reversed_by: adminId,
      reversal_notes: notes,
      reversal_transaction_id: posted!.id,
    })
    .where('id', '=', credit.id)
    .execute();
  const purchase = await trx
    .selectFrom('purchases')
    .select(['completed_at', 'archived_at'])
    .where('id', '=', credit.purchase_id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('purchases')
    .set({
      status: purchase.archived_at ? 'archived' : purchase.completed_at ? 'completed' : 'purchased',
      refunded_at: null,
    })
    .where('id', '=', credit.purchase_id)
    .execute();
  const events: NewEvent[] = [
    balanceChanged(contractorId, newBalance, 'auto_credit_reversal'),
    ...(await lowBalanceEvents(trx, contractorId, balance, newBalance, 'auto_credit_reversal')),
    {
      type: 'AutoCreditReversed',
      data: {
        credit_id: credit.id,
        contractor_id: contractorId,
        lead_id: String(credit.lead_id),
        amount_cents: amount,
        balance_cents: newBalance,
        admin_notes: notes,
        reversed_at: now.toISOString(),
      },
    },
  ];
  return { events, newBalance };
}

/** A repeat-lead credit that rests on another purchase (its evidence names that one). */
export interface DependentCredit {
  id: string;
  contractor_id: string;
  lead_id: string;
  purchase_id: string;
  amount_cents: number;
  /** The purchase it rests on. */
  earlier_purchase_id: string;
}

/** The repeat-lead credits still in force that rest on any of `purchaseIds` (their contractors' only). */
export async function creditsRestingOn(
  db: Kysely<WalletLedgerDatabase>,
  contractorIds: string[],
  purchaseIds: string[],
): Promise<DependentCredit[]> {
  if (contractorIds.length === 0 || purchaseIds.length === 0) return [];
  const rows = await db
    .selectFrom('auto_credits')
    .select(['id', 'contractor_id', 'lead_id', 'purchase_id', 'amount_cents', 'evidence'])
    .where('contractor_id', 'in', [...new Set(contractorIds)])
    .where('rule', '=', 'repeat_lead')
    .where('status', '=', 'credited')
    .execute();
  const wanted = new Set(purchaseIds);
  return rows.flatMap((r) => {
    const evidence = (typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence) as RepeatEvidence;
    return wanted.has(evidence.earlier_purchase_id)
      ? [
          {
            id: String(r.id),
            contractor_id: String(r.contractor_id),
            lead_id: String(r.lead_id),
            purchase_id: String(r.purchase_id),
            amount_cents: Number(r.amount_cents),
            earlier_purchase_id: evidence.earlier_purchase_id,
          },
        ]
      : [];
  });
}

/** Why a credit is taken back when the purchase it rested on is refunded (the contractor reads it). */
export const restedOnRefunded = (earlierLeadId: string) =>
  `the lead it repeated (${earlierLeadId.slice(0, 8)}) was refunded, so this lead is no longer a repeat`;

/**
 * `purchaseId` was just refunded (the wallet of `contractorId` locked by the caller): each
 * repeat-lead credit that rested on it is judged again as if it had never been granted. Another
 * paid purchase of the same customer in the window keeps it (its evidence now names that one);
 * otherwise it is taken back. A wallet that cannot cover a reversal is left as it is and returned
 * in `uncovered`, for the caller to refuse or to report. Returns the events to emit.
 */
export async function reevaluateCreditsRestingOn(
  trx: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  purchaseId: string,
  adminId: string | null,
): Promise<{ events: NewEvent[]; uncovered: Array<DependentCredit & { balance_cents: number }> }> {
  const events: NewEvent[] = [];
  const uncovered: Array<DependentCredit & { balance_cents: number }> = [];
  const refundedLead = await trx
    .selectFrom('purchases')
    .select('lead_id')
    .where('id', '=', purchaseId)
    .executeTakeFirst();
  for (const credit of await creditsRestingOn(trx, [contractorId], [purchaseId])) {
    const stored = await trx
      .selectFrom('purchase_fingerprints')
      .select('fingerprint')
      .where('purchase_id', '=', credit.purchase_id)
      .executeTakeFirst();
    const purchases = stored ? await purchasesOfCustomer(trx, contractorId, String(stored.fingerprint)) : [];
    const asIfNotCredited = purchases.map((p) =>
      p.purchase_id === credit.purchase_id ? { ...p, refunded: false } : p,
    );
    const still = repeatPurchases(asIfNotCredited).find((r) => r.purchase.purchase_id === credit.purchase_id);
    if (still) {
      const evidence: RepeatEvidence = {
        earlier_lead_id: still.earlier.lead_id,
        earlier_purchase_id: still.earlier.purchase_id,
        earlier_purchased_at: still.earlier.purchased_at.toISOString(),
        purchased_at: still.purchase.purchased_at.toISOString(),
      };
      await trx
        .updateTable('auto_credits')
        .set({ evidence: JSON.stringify(evidence) })
        .where('id', '=', credit.id)
        .execute();
      continue;
    }
    const balance = await lockWallet(trx, contractorId);
    if (balance < credit.amount_cents) {
      uncovered.push({ ...credit, balance_cents: balance });
      continue;
    }
    const notes = restedOnRefunded(String(refundedLead?.lead_id ?? credit.earlier_purchase_id));
    events.push(...(await takeBackCredit(trx, credit, balance, notes, adminId)).events);
  }
  return { events, uncovered };
}
