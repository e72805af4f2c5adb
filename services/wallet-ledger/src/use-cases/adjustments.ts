import { randomUUID } from 'node:crypto';
import { badRequest, notFound, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { promotionLines, walletAccountOf } from '../domain/ledger.js';
import { balanceChanged, fundedEvents } from './events.js';
import { lowBalanceEvents } from './low-balance.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** Texts of our own for adjustments beyond the spec's 'Contractor ID and amount are required'. */
export const ADJUST_MESSAGES = {
  notesRequired: 'Notes are required for a wallet adjustment',
  noWallet: 'Contractor not found',
  belowZero: (balanceCents: number) =>
    `Adjustment would take the balance below zero (balance $${(balanceCents / 100).toFixed(2)})`,
} as const;

/**
 * An admin credit (positive) or debit (negative) with notes; a wallet never goes below zero. Only
 * an existing wallet (made when the contractor registered) is adjusted: an unknown id is a 404, never
 * a new wallet. With an idempotency key the adjustment is posted once however often it is sent
 * (the repeat waits on the wallet lock, then finds the reference posted): `duplicate` says so.
 */
export async function adjustWallet(
  ctx: ServiceContext<WalletLedgerDatabase>,
  input: { contractorId: string; amountCents: number; notes: string; adminId: string | null; idempotencyKey?: string },
): Promise<{ balance: number; duplicate: boolean }> {
  if (!input.notes.trim()) throw badRequest(ADJUST_MESSAGES.notesRequired, 'notes');
  return ctx.transaction(async (trx) => {
    if (!(await walletExists(trx, input.contractorId))) throw notFound(ADJUST_MESSAGES.noWallet);
    const balance = await lockWallet(trx, input.contractorId);
    const reference = input.idempotencyKey
      ? `adjust:${input.contractorId}:${input.idempotencyKey}`
      : `adjust:${randomUUID()}`;
    if (await alreadyPosted(trx, reference)) return { balance, duplicate: true };
    if (balance + input.amountCents < 0) throw badRequest(ADJUST_MESSAGES.belowZero(balance), 'amount');
    const posted = await postTransaction(trx, {
      kind: 'admin_adjustment',
      contractorId: input.contractorId,
      reference,
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
    return { balance: newBalance, duplicate: false };
  });
}

const walletExists = async (db: Kysely<WalletLedgerDatabase>, contractorId: string): Promise<boolean> =>
  Boolean(
    await db.selectFrom('accounts').select('id').where('id', '=', walletAccountOf(contractorId)).executeTakeFirst(),
  );

const alreadyPosted = async (db: Kysely<WalletLedgerDatabase>, reference: string): Promise<boolean> =>
  Boolean(
    await db.selectFrom('ledger_transactions').select('id').where('reference', '=', reference).executeTakeFirst(),
  );
