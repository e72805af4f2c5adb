import {
  DEFAULT_LEAD_PRICE_CENTS,
  functionPath,
  INTERNAL_CALLS,
  LeadPriceQuoteSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { notFound, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { fixedLeadPrice, listPrices, priceHistory, quoteLeadPrice } from '../db/pricing.repository.js';
import { pricingMap } from '../domain/pricing.js';
import { changeLeadPrice, resetLeadPrice } from '../use-cases/admin-prices.js';
import type { WalletContext } from '../context.js';

const LeadParams = z.object({ id: z.string().uuid('lead id must be a valid lead id') });

/** get-category-pricing, the admin price matrix and history, and a lead's fixed price. */
export function registerPricingRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(functionPath('get-category-pricing'), async () => {
    // Read by every dashboard at once; a few seconds old at most (cache/read-caches.ts).
    const byType = pricingMap(await ctx.readCaches.prices.get('all', () => listPrices(ctx.db)));
    return {
      pricing: Object.fromEntries(Object.entries(byType).map(([category, tiers]) => [category, tiers.standard])),
      pricing_by_type: byType,
      default_price: DEFAULT_LEAD_PRICE_CENTS / 100,
    };
  });

  app.get(INTERNAL_CALLS.leadPrices.path, async (): Promise<InternalResponse<'leadPrices'>> => ({
    prices: await listPrices(ctx.db),
    default_price_cents: DEFAULT_LEAD_PRICE_CENTS,
  }));

  app.put(
    INTERNAL_CALLS.setLeadPrice.path,
    { schema: { body: INTERNAL_CALLS.setLeadPrice.body } },
    async (request): Promise<InternalResponse<'setLeadPrice'>> => {
      const { category, sub_service, lead_type, price_cents, admin_id } = request.body;
      const old = await changeLeadPrice(ctx.db, { category, sub_service }, lead_type, price_cents, admin_id ?? null);
      ctx.readCaches.prices.clear();
      return { category, sub_service, lead_type, old_price_cents: old, new_price_cents: price_cents };
    },
  );

  app.delete(
    INTERNAL_CALLS.resetLeadPrice.path,
    { schema: { body: INTERNAL_CALLS.resetLeadPrice.body } },
    async (request): Promise<InternalResponse<'resetLeadPrice'>> => {
      const { category, sub_service, lead_type, admin_id } = request.body;
      const old = await resetLeadPrice(ctx.db, { category, sub_service }, lead_type, admin_id ?? null);
      ctx.readCaches.prices.clear();
      return { category, sub_service, lead_type, old_price_cents: old, new_price_cents: null };
    },
  );

  app.get(
    INTERNAL_CALLS.leadPriceHistory.path,
    { schema: { querystring: INTERNAL_CALLS.leadPriceHistory.query } },
    async (request): Promise<InternalResponse<'leadPriceHistory'>> => {
      const rows = await priceHistory(ctx.db, request.query.limit);
      return {
        history: rows.map((r) => ({
          category: r.category,
          sub_service: r.sub_service ?? '',
          lead_type: r.lead_type,
          old_price_cents: r.old_price_cents == null ? null : Number(r.old_price_cents),
          new_price_cents: r.new_price_cents == null ? null : Number(r.new_price_cents),
          timestamp: new Date(r.changed_at).toISOString(),
          admin_id: r.admin_id,
        })),
      };
    },
  );

  // A lead's fixed price (fixed by the LeadScreened consumer, announced by LeadPriced): for operators
  // and tests. Nothing on the lead's path asks this; an unpriced lead is 404, never priced here.
  app.get('/internal/leads/:id/price', { schema: { params: LeadParams } }, async (request) => {
    const row = await fixedLeadPrice(ctx.db, request.params.id);
    if (!row) throw notFound('This lead has no price yet');
    return {
      lead_id: row.lead_id,
      price_cents: Number(row.price_cents),
      lead_type: row.lead_type,
      status: row.status,
    };
  });

  // What a new lead of this kind would be priced at now (the same resolution LeadScreened fixes with).
  app.get('/internal/lead-prices/quote', { schema: { querystring: LeadPriceQuoteSchema } }, async (request) => {
    const q = request.query;
    const resolved = await quoteLeadPrice(ctx.db, {
      category: q.service_category,
      subService: q.sub_service,
      urgency: q.urgency,
    });
    return resolved;
  });
}
