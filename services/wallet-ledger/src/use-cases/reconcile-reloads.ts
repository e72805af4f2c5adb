import type { ServiceContext } from '@leadmarket/platform';
import type { Payments } from '../stripe/payments.js';
import { creditFunding, failFunding } from './settle-funding.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/**
 * Settle auto-reloads still pending after `olderThanMs` (a lost webhook, or a charge whose outcome
 * was unknown): ask Stripe and credit or fail exactly as the webhook would. Development charges
 * settle at once, so only the Stripe mode has work here.
 */
export async function reconcilePendingReloads(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  olderThanMs: number,
): Promise<number> {
  if (payments.mode !== 'stripe') return 0; // development settles at once; disabled never charges
  const rows = await ctx.db
    .selectFrom('funding_sessions as f')
    .innerJoin('wallet_settings as s', 's.contractor_id', 'f.contractor_id')
    .select([
      'f.id',
      'f.contractor_id',
      'f.amount_cents',
      'f.stripe_payment_intent_id',
      's.stripe_customer_id',
      's.stripe_payment_method_id',
    ])
    .where('f.kind', '=', 'auto_reload')
    .where('f.status', '=', 'pending')
    .where('f.created_at', '<', new Date(Date.now() - olderThanMs))
    .limit(100)
    .execute();
  let settled = 0;
  for (const row of rows) {
    const amount = Number(row.amount_cents);
    const method =
      row.stripe_customer_id && row.stripe_payment_method_id
        ? { customerId: row.stripe_customer_id, paymentMethodId: row.stripe_payment_method_id }
        : null;
    const outcome = await payments.intentOutcome({
      fundingId: row.id,
      paymentIntentId: row.stripe_payment_intent_id,
      contractorId: row.contractor_id,
      amountCents: amount,
      method,
    });
    if (!row.stripe_payment_intent_id)
      await ctx.db
        .updateTable('funding_sessions')
        .set({ stripe_payment_intent_id: outcome.paymentIntentId })
        .where('id', '=', row.id)
        .execute();
    if (outcome.state === 'succeeded' && outcome.amountCents === amount)
      settled += (await creditFunding(ctx, row.id, null)) ? 1 : 0;
    else if (outcome.state === 'failed') {
      await failFunding(ctx, row.id, 'failed', outcome.reason ?? null);
      settled++;
    }
  }
  return settled;
}
