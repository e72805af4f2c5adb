import {
  centsToDollars,
  functionPath,
  INTERNAL_CALLS,
  MESSAGES,
  PurchaseLeadRequestSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { callInternal, contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { WalletDeps } from '../config.js';
import { maybeAutoReload } from '../use-cases/funding.js';
import { purchaseLead, type PurchaseOutcome } from '../use-cases/purchase-lead.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** purchase-lead (dashboard) and POST /internal/purchases (claim page, via lead-intake). */
export function registerPurchaseRoutes(
  app: ServiceApp,
  ctx: ServiceContext<WalletLedgerDatabase>,
  deps: WalletDeps,
): void {
  // After the purchase commits: one auto-reload if the balance fell under the threshold (the buyer does not wait for it).
  const afterPurchase = (contractorId: string) => {
    void maybeAutoReload(ctx, deps.payments, contractorId).catch((err) =>
      ctx.logger.warn({ err: String(err), contractorId }, 'auto-reload failed to start'),
    );
  };

  app.post(functionPath('purchase-lead'), { schema: { body: PurchaseLeadRequestSchema } }, async (request) => {
    const contractorId = contractorIdOf(request);
    const outcome = await purchaseLead(ctx, { leadId: request.body.lead_id, contractorId, channel: 'dashboard' });
    if (!outcome.replayed) afterPurchase(contractorId);
    await recordAtLeadIntake(ctx, outcome);
    return {
      success: true as const,
      new_wallet_balance: centsToDollars(outcome.balanceCents),
      message: MESSAGES.contractorSuccess.leadPurchased,
      purchase_id: outcome.purchaseId,
    };
  });

  app.post(
    INTERNAL_CALLS.purchase.path,
    { schema: { body: INTERNAL_CALLS.purchase.body } },
    async (request): Promise<InternalResponse<'purchase'>> => {
      const { lead_id, contractor_id, channel } = request.body;
      const outcome = await purchaseLead(ctx, { leadId: lead_id, contractorId: contractor_id, channel });
      if (!outcome.replayed) afterPurchase(contractor_id);
      return {
        success: true,
        purchase_id: outcome.purchaseId,
        price_cents: outcome.priceCents,
        new_balance_cents: outcome.balanceCents,
        replayed: outcome.replayed,
      };
    },
  );
}

/**
 * Tell lead-intake about a dashboard sale before answering, as the claim path does, so the buyer's
 * Purchased list shows it at once. The sale is already committed: if lead-intake cannot be reached,
 * LeadPurchased (from the outbox) records it when it can, and the buyer still gets the success.
 */
async function recordAtLeadIntake(ctx: ServiceContext<WalletLedgerDatabase>, outcome: PurchaseOutcome): Promise<void> {
  try {
    await callInternal(ctx.clients, 'recordPurchase', {
      params: { id: outcome.leadId },
      body: {
        contractor_id: outcome.contractorId,
        purchase_id: outcome.purchaseId,
        price_cents: outcome.priceCents,
        channel: 'dashboard',
        purchased_at: outcome.purchasedAt.toISOString(),
      },
      timeoutMs: 3000,
    });
  } catch (err) {
    ctx.logger.warn(
      { err: String(err), lead_id: outcome.leadId },
      'lead-intake did not record the purchase now; LeadPurchased will',
    );
  }
}
