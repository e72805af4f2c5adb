import {
  centsToDollars,
  functionPath,
  type Gamification,
  type GamificationResponse,
  HistoryQuerySchema,
  MetricsQuerySchema,
  type PerformanceMetrics,
  type PurchaseHistoryResponse,
  WEEKLY_SUMMARY_WEEKS,
  type WeeklyReportsResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import { walletEntriesOf } from '../db/ledger.repository.js';
import { approvedRefundsOf } from '../db/refunds.repository.js';
import { purchaseFacts, purchaseHistoryPage } from '../db/reports.repository.js';
import { gamification, performanceMetrics, weeklyReports } from '../domain/reports.js';
import type { WalletContext } from '../context.js';

/** Purchase history, 30-day metrics, achievements and weekly summaries of the signed-in contractor. */
export function registerReportRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(
    functionPath('get-lead-purchase-history'),
    { schema: { querystring: HistoryQuerySchema } },
    async (request): Promise<PurchaseHistoryResponse> => {
      const contractorId = contractorIdOf(request);
      const { page, limit } = request.query;
      const { rows, total: records } = await purchaseHistoryPage(ctx.db, contractorId, page, limit);
      return {
        success: true as const,
        purchase_history: rows.map((r) => ({
          id: r.id,
          lead_id: r.lead_id,
          date_purchased: new Date(r.purchased_at).toISOString(),
          industry: r.service_category,
          sub_service: r.sub_service,
          lead_zip_code: r.zip_code,
          purchase_price: centsToDollars(Number(r.price_cents)),
          status: r.status,
        })),
        pagination: {
          current_page: page,
          total_pages: Math.max(1, Math.ceil(records / limit)),
          total_records: records,
        },
      };
    },
  );

  app.get(
    functionPath('contractor-performance-metrics'),
    { schema: { querystring: MetricsQuerySchema } },
    async (request): Promise<PerformanceMetrics> => {
      const contractorId = contractorIdOf(request);
      return performanceMetrics(
        await purchaseFacts(ctx.db, contractorId),
        request.query.days,
        new Date(),
        ctx.jobValueCents,
      );
    },
  );

  app.get(functionPath('gamification-scoring'), async (request): Promise<GamificationResponse> => {
    const contractorId = contractorIdOf(request);
    return { gamification: await achievementsOf(ctx, contractorId) };
  });

  app.get(functionPath('weekly-reports'), async (request): Promise<WeeklyReportsResponse> => {
    const contractorId = contractorIdOf(request);
    const refunds = await approvedRefundsOf(ctx.db, contractorId);
    const entries = await walletEntriesOf(ctx.db, contractorId);
    return {
      reports: weeklyReports(
        await purchaseFacts(ctx.db, contractorId),
        refunds.map((r) => ({ amount_cents: Number(r.amount_cents), processed_at: r.processed_at })),
        entries.map((e) => ({ amount_cents: Number(e.amount_cents), created_at: e.created_at })),
        WEEKLY_SUMMARY_WEEKS,
        new Date(),
      ),
    };
  });
}

/** A contractor's achievements, a few seconds old at most (cache/read-caches.ts): the header of every dashboard shows them. */
export function achievementsOf(ctx: WalletContext, contractorId: string): Promise<Gamification> {
  return ctx.readCaches.gamification.get(contractorId, async () =>
    gamification(await purchaseFacts(ctx.db, contractorId), new Date(), ctx.jobValueCents),
  );
}
