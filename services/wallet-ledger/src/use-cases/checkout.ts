import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@leadmarket/contracts';
import { HttpError, type ServiceContext } from '@leadmarket/platform';
import { ensureWallet } from '../db/ledger.repository.js';
import type { Payments } from '../stripe/payments.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** Where Checkout sends the browser back: the contractor's dashboard with payment=success|cancelled. */
export const returnUrl = (publicBaseUrl: string, contractorId: string, outcome: 'success' | 'cancelled') =>
  `${publicBaseUrl.replace(/\/$/, '')}/contractor/${encodeURIComponent(contractorId)}?payment=${outcome}`;

/** Open a funding session: a row of ours first (so the webhook can always find it), then the Checkout Session. */
export async function startCheckout(
  ctx: ServiceContext<WalletLedgerDatabase>,
  payments: Payments,
  contractorId: string,
  amountCents: number,
): Promise<{ fundingId: string; paymentUrl: string }> {
  const fundingId = randomUUID();
  await ensureWallet(ctx.db, contractorId);
  const settings = await ctx.db
    .selectFrom('wallet_settings')
    .select('stripe_customer_id')
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  await ctx.db
    .insertInto('funding_sessions')
    .values({
      id: fundingId,
      contractor_id: contractorId,
      kind: 'checkout',
      amount_cents: amountCents,
      status: 'creating',
    })
    .execute();
  let checkout: { sessionId: string; url: string };
  try {
    checkout = await payments.createCheckout({
      fundingId,
      contractorId,
      amountCents,
      successUrl: returnUrl(ctx.publicBaseUrl, contractorId, 'success'),
      cancelUrl: returnUrl(ctx.publicBaseUrl, contractorId, 'cancelled'),
      devPageUrl: `${ctx.publicBaseUrl.replace(/\/$/, '')}/dev/checkout`,
      customerId: payments.mode === 'stripe' ? settings?.stripe_customer_id : null,
    });
  } catch (error) {
    ctx.logger.warn({ err: String(error), fundingId }, 'checkout session creation failed');
    await ctx.db
      .updateTable('funding_sessions')
      .set({ status: 'failed', failure_reason: String((error as Error).message ?? error).slice(0, 500) })
      .where('id', '=', fundingId)
      .execute();
    // The provider failed, not the caller: a 502 with the spec's own text for this case.
    throw new HttpError(502, MESSAGES.contractor.paymentFailed);
  }
  await ctx.db
    .updateTable('funding_sessions')
    .set({ status: 'open', stripe_session_id: checkout.sessionId })
    .where('id', '=', fundingId)
    .execute();
  return { fundingId, paymentUrl: checkout.url };
}
