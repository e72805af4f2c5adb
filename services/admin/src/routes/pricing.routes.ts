import { AdminLeadPricingUpdateSchema, AdminPricingHistoryQuerySchema, functionPath } from '@leadmarket/contracts';
import { adminIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { recordAudit } from '../audit.js';
import { centsToDollars, dollarsToCents, optionalDollars, pricingUpdatedMessage } from '../domain/money.js';
import { callOwner } from '../owners/owner-call.js';

type OwnerPrice = { category: string; lead_type: string; price_cents: number };

/** admin-pricing, admin-lead-pricing GET/PUT, admin-pricing-history: prices live in wallet-ledger. */
export function registerPricingRoutes(app: ServiceApp, ctx: ServiceContext): void {
  const prices = async () =>
    (await callOwner<{ prices: OwnerPrice[] }>(ctx, 'wallet-ledger', '/internal/lead-prices')).prices ?? [];

  app.get(functionPath('admin-pricing'), async () => {
    const category_pricing: Record<string, Record<string, number>> = {};
    for (const p of await prices()) (category_pricing[p.category] ??= {})[p.lead_type] = centsToDollars(p.price_cents);
    return { category_pricing };
  });

  app.get(functionPath('admin-lead-pricing'), async () =>
    (await prices()).map((p) => ({
      category: p.category,
      lead_type: p.lead_type,
      price: centsToDollars(p.price_cents),
    })),
  );

  app.put(functionPath('admin-lead-pricing'), async (request) => {
    const input = AdminLeadPricingUpdateSchema.parse(request.body);
    const adminId = adminIdOf(request);
    const priceCents = dollarsToCents(input.price);
    const changed = await callOwner<{
      category: string;
      lead_type: string;
      old_price_cents: number | null;
      new_price_cents: number;
    }>(ctx, 'wallet-ledger', '/internal/lead-prices', {
      method: 'PUT',
      body: { category: input.category, lead_type: input.lead_type, price_cents: priceCents, admin_id: adminId },
    });
    await recordAudit(ctx, request, {
      action: 'lead_price.update',
      target_type: 'lead_price',
      target_id: `${input.category}/${input.lead_type}`,
      before: { price_cents: changed.old_price_cents ?? null },
      after: { price_cents: changed.new_price_cents },
    });
    return {
      success: true as const,
      message: pricingUpdatedMessage(input.category, input.lead_type, changed.new_price_cents),
      category: input.category,
      lead_type: input.lead_type,
      old_price: optionalDollars(changed.old_price_cents),
      new_price: centsToDollars(changed.new_price_cents),
    };
  });

  app.get(functionPath('admin-pricing-history'), async (request) => {
    const query = AdminPricingHistoryQuerySchema.parse(request.query);
    const answer = await callOwner<{
      history: Array<{
        category: string;
        lead_type: string;
        old_price_cents: number | null;
        new_price_cents: number;
        timestamp: string;
      }>;
    }>(ctx, 'wallet-ledger', '/internal/lead-prices/history', { query: { limit: query.limit } });
    return (answer.history ?? []).map((h) => ({
      category: h.category,
      lead_type: h.lead_type,
      old_price: optionalDollars(h.old_price_cents),
      new_price: centsToDollars(h.new_price_cents),
      timestamp: h.timestamp,
    }));
  });
}
