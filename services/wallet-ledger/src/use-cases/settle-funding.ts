import type { ServiceContext } from '@leadmarket/platform';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { fundingLines, walletAccountOf } from '../domain/ledger.js';
import type { SavedPaymentMethod } from '../stripe/payments.js';
import { fundedEvents } from './events.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/**
 * Credit a funding row exactly once: the row moves to `completed` only from an open state, and the
 * ledger reference is unique, so a webhook delivered any number of times credits once.
 */
export async function creditFunding(
  ctx: ServiceContext<WalletLedgerDatabase>,
  fundingId: string,
  saved: SavedPaymentMethod | null,
): Promise<boolean> {
  return ctx.transaction(async (trx) => {
    const row = await trx
      .updateTable('funding_sessions')
      .set({ status: 'completed', completed_at: new Date() })
      .where('id', '=', fundingId)
      .where('status', 'in', ['open', 'pending', 'creating'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const contractorId = row.contractor_id;
    const amount = Number(row.amount_cents);
    await lockWallet(trx, contractorId);
    const source = row.kind === 'auto_reload' ? 'auto_reload' : 'checkout';
    const posted = await postTransaction(trx, {
      kind: row.kind === 'auto_reload' ? 'auto_reload' : 'wallet_funding',
      contractorId,
      reference: `funding:${fundingId}`,
      amountCents: amount,
      description:
        row.kind === 'auto_reload'
          ? `Auto-reload $${(amount / 100).toFixed(2)}`
          : `Wallet funding $${(amount / 100).toFixed(2)} (Stripe Checkout)`,
      lines: fundingLines(contractorId, amount),
    });
    if (!posted) return false;
    if (saved) {
      await trx
        .updateTable('wallet_settings')
        .set({
          stripe_customer_id: saved.customerId,
          stripe_payment_method_id: saved.paymentMethodId,
          updated_at: new Date(),
        })
        .where('contractor_id', '=', contractorId)
        .execute();
    }
    await ctx.emit(
      trx,
      fundedEvents(contractorId, amount, posted.balances.get(walletAccountOf(contractorId))!, source),
    );
    return true;
  });
}

/** A failed or abandoned funding: checkout sessions just close; a failed reload also turns auto-reload off with the reason. */
export async function failFunding(
  ctx: ServiceContext<WalletLedgerDatabase>,
  fundingId: string,
  status: 'cancelled' | 'failed',
  reason: string | null,
): Promise<void> {
  await ctx.transaction(async (trx) => {
    const row = await trx
      .updateTable('funding_sessions')
      .set({ status, failure_reason: reason, completed_at: new Date() })
      .where('id', '=', fundingId)
      .where('status', 'in', ['open', 'pending', 'creating'])
      .returningAll()
      .executeTakeFirst();
    if (row?.kind === 'auto_reload') {
      await trx
        .updateTable('wallet_settings')
        .set({
          auto_reload_enabled: false,
          auto_reload_disabled_reason: `Auto-reload was turned off: the charge failed (${reason ?? 'declined'}).`,
          updated_at: new Date(),
        })
        .where('contractor_id', '=', row.contractor_id)
        .execute();
    }
  });
}
