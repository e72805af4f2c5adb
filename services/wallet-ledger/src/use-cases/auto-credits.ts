import { randomUUID } from 'node:crypto';
import { formatCents, type AutoCreditRule } from '@leadmarket/contracts';
import { conflict, notFound, type NewEvent, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { AUTO_CREDIT_REASONS } from '../domain/auto-credits.js';
import { purchaseLines, refundLines, walletAccountOf } from '../domain/ledger.js';
import { balanceChanged } from './events.js';
import { lowBalanceEvents } from './low-balance.js';

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
  trx: Kysely<any>,
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
  const balance = posted.balances.get(walletAccountOf(contractorId))!;
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
  ]);
  return id;
}

/** The purchase of a lead, if it was sold. */
export async function purchaseOfLead(trx: Kysely<any>, leadId: string): Promise<string | undefined> {
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
  ctx: ServiceContext,
  input: { creditId: string; notes: string; adminId: string | null },
) {
  return ctx.db.transaction().execute(async (trx) => {
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
    const posted = await postTransaction(trx, {
      kind: 'auto_credit_reversal',
      contractorId,
      reference: `auto_credit_reversal:${input.creditId}`,
      amountCents: -amount,
      description: `Automatic credit reversed for lead ${String(credit.lead_id).slice(0, 8)}: ${input.notes}`,
      createdBy: input.adminId,
      lines: purchaseLines(contractorId, amount),
    });
    const newBalance = posted!.balances.get(walletAccountOf(contractorId))!;
    const now = new Date();
    await trx
      .updateTable('auto_credits')
      .set({
        status: 'reversed',
        reversed_at: now,
        reversed_by: input.adminId,
        reversal_notes: input.notes,
        reversal_transaction_id: posted!.id,
      })
      .where('id', '=', input.creditId)
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
    await ctx.emit(trx, [
      balanceChanged(contractorId, newBalance, 'auto_credit_reversal'),
      ...(await lowBalanceEvents(trx, contractorId, balance, newBalance, 'auto_credit_reversal')),
      {
        type: 'AutoCreditReversed',
        data: {
          credit_id: input.creditId,
          contractor_id: contractorId,
          lead_id: String(credit.lead_id),
          amount_cents: amount,
          balance_cents: newBalance,
          admin_notes: input.notes,
          reversed_at: now.toISOString(),
        },
      },
    ]);
    return {
      contractor_id: contractorId,
      before: { status: 'credited', balance_cents: balance, amount_cents: amount, rule: String(credit.rule) },
      after: { status: 'reversed', balance_cents: newBalance, notes: input.notes },
    };
  });
}
