import type { WalletContext } from '../context.js';
import { maybeAutoReload } from './auto-reload.js';
import { purchaseLead, type PurchaseOutcome } from './purchase-lead.js';

/**
 * The one path of a sale, whichever channel the buyer came through (the dashboard's purchase-lead,
 * the claim link's leads-claim-post): the sale's transaction with its LeadPurchased, then, after the
 * commit, one auto-reload if the balance fell under the threshold (the buyer does not wait for it).
 * Every other service learns the sale from LeadPurchased alone (docs/adr/0043): no call goes to them.
 */
export async function sellLead(
  ctx: WalletContext,
  input: { leadId: string; contractorId: string; channel: 'dashboard' | 'claim' },
): Promise<PurchaseOutcome> {
  const outcome = await purchaseLead(ctx, input);
  // Asked only when the balance the sale left is under the threshold its transaction read: a
  // sale above it sends no read after its commit (docs/adr/0028).
  if (!outcome.replayed && outcome.belowReloadThreshold)
    void maybeAutoReload(ctx, ctx.payments, input.contractorId).catch((err) =>
      ctx.logger.warn({ err: String(err), contractorId: input.contractorId }, 'auto-reload failed to start'),
    );
  return outcome;
}
