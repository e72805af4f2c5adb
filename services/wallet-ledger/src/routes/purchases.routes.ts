import {
  centsToDollars,
  functionPath,
  INTERNAL_CALLS,
  MESSAGES,
  PurchaseLeadRequestSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, notFound, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { maybeAutoReload } from '../use-cases/auto-reload.js';
import { purchaseLead, saleOfLead, type PurchaseOutcome } from '../use-cases/purchase-lead.js';
import type { WalletContext } from '../context.js';

/**
 * purchase-lead (dashboard) and POST /internal/purchases (the claim page, through lead-intake) are
 * one sale: the same transaction, the same LeadPurchased and nothing else after it but the
 * auto-reload. Every other service learns the sale from that event alone (docs/adr/0043); no call
 * goes back to them, so a consumer that is down delays only what it records, never the buyer.
 */
export function registerPurchaseRoutes(app: ServiceApp, ctx: WalletContext): void {
  const sell = async (input: {
    leadId: string;
    contractorId: string;
    channel: 'dashboard' | 'claim';
  }): Promise<PurchaseOutcome> => {
    const outcome = await purchaseLead(ctx, input);
    // After the commit: one auto-reload if the balance fell under the threshold (the buyer does not wait for it).
    if (!outcome.replayed)
      void maybeAutoReload(ctx, ctx.payments, input.contractorId).catch((err) =>
        ctx.logger.warn({ err: String(err), contractorId: input.contractorId }, 'auto-reload failed to start'),
      );
    return outcome;
  };

  app.post(functionPath('purchase-lead'), { schema: { body: PurchaseLeadRequestSchema } }, async (request) => {
    const outcome = await sell({
      leadId: request.body.lead_id,
      contractorId: contractorIdOf(request),
      channel: 'dashboard',
    });
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
      const outcome = await sell({ leadId: lead_id, contractorId: contractor_id, channel });
      return {
        success: true,
        purchase_id: outcome.purchaseId,
        price_cents: outcome.priceCents,
        new_balance_cents: outcome.balanceCents,
        replayed: outcome.replayed,
      };
    },
  );

  // Who bought a lead, for lead-intake to hand the contact to its buyer before LeadPurchased reaches it.
  app.get(
    INTERNAL_CALLS.leadSale.path,
    { schema: { params: z.object({ lead_id: z.string().uuid() }) } },
    async (request): Promise<InternalResponse<'leadSale'>> => {
      const sale = await saleOfLead(ctx.db, request.params.lead_id);
      if (!sale) throw notFound('Lead not sold');
      return {
        lead_id: sale.lead_id,
        contractor_id: sale.contractor_id,
        purchase_id: sale.id,
        price_cents: Number(sale.price_cents),
        status: sale.status,
        purchased_at: new Date(sale.purchased_at).toISOString(),
      };
    },
  );
}
