import { randomUUID } from 'node:crypto';
import { badRequest, type ServiceContext } from '@leadmarket/platform';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { promotionLines, walletAccountOf } from '../domain/ledger.js';
import { balanceChanged, fundedEvents } from './events.js';
import { lowBalanceEvents } from './low-balance.js';

/** Texts of our own for adjustments beyond the spec's 'Contractor ID and amount are required'. */
export const ADJUST_MESSAGES = {
  notesRequired: 'Notes are required for a wallet adjustment',
  belowZero: (balanceCents: number) =>
    `Adjustment would take the balance below zero (balance $${(balanceCents / 100).toFixed(2)})`,
} as const;

/** An admin credit (positive) or debit (negative) with notes; a wallet never goes below zero. */
export async function adjustWallet(
  ctx: ServiceContext,
  input: { contractorId: string; amountCents: number; notes: string; adminId: string | null },
) {
  if (!input.notes.trim()) throw badRequest(ADJUST_MESSAGES.notesRequired, 'notes');
  return ctx.db.transaction().execute(async (trx) => {
    const balance = await lockWallet(trx, input.contractorId);
    if (balance + input.amountCents < 0) throw badRequest(ADJUST_MESSAGES.belowZero(balance), 'amount');
    const posted = await postTransaction(trx, {
      kind: 'admin_adjustment',
      contractorId: input.contractorId,
      reference: `adjust:${randomUUID()}`,
      amountCents: input.amountCents,
      description: `Admin adjustment: ${input.notes.trim()}`,
      createdBy: input.adminId,
      lines: promotionLines(input.contractorId, input.amountCents),
    });
    const newBalance = posted!.balances.get(walletAccountOf(input.contractorId))!;
    await ctx.emit(
      trx,
      input.amountCents > 0
        ? fundedEvents(input.contractorId, input.amountCents, newBalance, 'admin_adjustment')
        : [
            balanceChanged(input.contractorId, newBalance, 'admin_adjustment'),
            ...(await lowBalanceEvents(trx, input.contractorId, balance, newBalance, 'admin_adjustment')),
          ],
    );
    return newBalance;
  });
}
