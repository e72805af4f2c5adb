import {
  DEFAULT_LEAD_PRICE_CENTS,
  functionPath,
  HistoryLimitQuerySchema,
  LeadPriceQuerySchema,
  ResetLeadPriceSchema,
  SetLeadPriceSchema,
} from '@leadmarket/contracts';
import { HttpError, notFound, ServiceCallError, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { z } from 'zod';
import { fixLeadPrice, listPrices, resetPrice, setPrice } from '../db/pricing.repository.js';
import { pricingMap } from '../domain/pricing.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** How long a price request for an unknown lead waits for LeadScreened before looking the lead up (matching times out at 2 s). */
const PRICE_WAIT_MS = 1000;

const LeadParams = z.object({ id: z.string().uuid('lead id must be a valid lead id') });

/** get-category-pricing, the admin price matrix and history, and a lead's fixed price. */
export function registerPricingRoutes(app: ServiceApp, ctx: ServiceContext<WalletLedgerDatabase>): void {
  app.get(functionPath('get-category-pricing'), async () => {
    const byType = pricingMap(await listPrices(ctx.db));
    return {
      pricing: Object.fromEntries(Object.entries(byType).map(([category, tiers]) => [category, tiers.standard])),
      pricing_by_type: byType,
      default_price: DEFAULT_LEAD_PRICE_CENTS / 100,
    };
  });

  app.get('/internal/lead-prices', async () => ({
    prices: await listPrices(ctx.db),
    default_price_cents: DEFAULT_LEAD_PRICE_CENTS,
  }));

  app.put('/internal/lead-prices', { schema: { body: SetLeadPriceSchema } }, async (request) => {
    const { category, sub_service, lead_type, price_cents, admin_id } = request.body;
    const old = await ctx.db
      .transaction()
      .execute((trx) => setPrice(trx, { category, sub_service }, lead_type, price_cents, admin_id ?? null));
    return { category, sub_service, lead_type, old_price_cents: old, new_price_cents: price_cents };
  });

  app.delete('/internal/lead-prices', { schema: { body: ResetLeadPriceSchema } }, async (request) => {
    const { category, sub_service, lead_type, admin_id } = request.body;
    const old = await ctx.db
      .transaction()
      .execute((trx) => resetPrice(trx, { category, sub_service }, lead_type, admin_id ?? null));
    return { category, sub_service, lead_type, old_price_cents: old, new_price_cents: null };
  });

  app.get('/internal/lead-prices/history', { schema: { querystring: HistoryLimitQuerySchema } }, async (request) => {
    const rows = await ctx.db
      .selectFrom('lead_price_history')
      .selectAll()
      .orderBy('changed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(request.query.limit)
      .execute();
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
  });

  // Matching asks before offering. Fixed on first ask; category and urgency may come in the query,
  // else the category is looked up at lead-intake and the tier is standard until screening says otherwise.
  app.get(
    '/internal/leads/:id/price',
    { schema: { params: LeadParams, querystring: LeadPriceQuerySchema } },
    async (request) => {
      const leadId = request.params.id;
      const find = () => ctx.db.selectFrom('leads').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
      let row = await find();
      // Matching asks as soon as it sees LeadScreened, which we consume at the same moment: give our
      // consumer a short while to fix the price with the lead's real tier before fixing it from a lookup.
      for (let waited = 0; !row && !request.query.service_category && waited < PRICE_WAIT_MS; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
        row = await find();
      }
      if (!row) {
        let category = request.query.service_category;
        let extra: { sub_service?: string; zip_code?: string; is_test?: boolean } = {
          sub_service: request.query.sub_service,
          zip_code: request.query.zip_code,
          is_test: request.query.is_test === undefined ? undefined : request.query.is_test === 'true',
        };
        if (!category) {
          const found = await ctx.clients
            .call<{
              leads: Array<{
                id: string;
                service_category: string;
                sub_service: string;
                zip_code: string;
                is_test: boolean;
              }>;
            }>('lead-intake', '/internal/leads/lookup', { body: { ids: [leadId] } })
            .catch((error) => {
              if (error instanceof ServiceCallError && error.status < 500) return { leads: [] };
              ctx.logger.warn({ err: String(error), leadId }, 'lead lookup at lead-intake failed');
              throw new HttpError(503, 'Lead information is unavailable; try again shortly');
            });
          const lead = found.leads.find((l) => l.id === leadId);
          if (!lead) throw notFound('Lead not found');
          category = lead.service_category;
          extra = lead;
        }
        row = await fixLeadPrice(ctx.db, {
          leadId,
          category,
          urgency: request.query.urgency,
          status: 'available',
          subService: extra.sub_service,
          zipCode: extra.zip_code,
          isTest: extra.is_test,
        });
      }
      return { lead_id: leadId, price_cents: Number(row.price_cents), lead_type: row.lead_type, status: row.status };
    },
  );
}
