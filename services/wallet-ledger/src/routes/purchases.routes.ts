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
import { saleOfLead } from '../use-cases/purchase-lead.js';
import { sellLead } from '../use-cases/sell-lead.js';
import type { WalletContext } from '../context.js';

/**
 * The dashboard's purchase (the claim link's is routes/claim.routes.ts: the same sellLead), and who
 * bought a lead, read by lead-intake for a buyer whose LeadPurchased it has not taken yet.
 */
export function registerPurchaseRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.post(functionPath('purchase-lead'), { schema: { body: PurchaseLeadRequestSchema } }, async (request) => {
    const outcome = await sellLead(ctx, {
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
