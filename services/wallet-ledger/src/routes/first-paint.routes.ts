import { INTERNAL_CALLS, METRICS_WINDOW_DAYS, type InternalResponse } from '@leadmarket/contracts';
import type { ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { firstPaintFacts } from '../db/first-paint.repository.js';
import { gamification, performanceMetrics } from '../domain/reports.js';
import { settingsAnswer } from './funding.routes.js';
import type { WalletContext } from '../context.js';

const ContractorParams = z.object({ id: z.string().min(1).max(200) });

/**
 * wallet-ledger's part of the dashboard's first screen, asked by contractors-dashboard (the aggregate):
 * the balance, auto-reload settings, 30-day metrics, achievements and the purchase count, in one call
 * (what auto-reload-settings, contractor-performance-metrics, gamification-scoring and the history
 * count answer one by one). The contractors service checked who asks; this route is internal-only.
 */
export function registerFirstPaintRoutes(app: ServiceApp, ctx: WalletContext): void {
  const fundingAvailable = ctx.payments.mode !== 'disabled';
  app.get(
    INTERNAL_CALLS.walletDashboard.path,
    { schema: { params: ContractorParams } },
    async (request): Promise<InternalResponse<'walletDashboard'>> => {
      const contractorId = (request.params as { id: string }).id;
      // One statement (what walletBalance, autoReloadSettingsOf and purchaseFacts read one by one).
      const { balanceCents: balance, settings, facts } = await firstPaintFacts(ctx.db, contractorId);
      // The same short cache as gamification-scoring (the two never disagree), filled from the facts at hand.
      const achievements = await ctx.readCaches.gamification.get(contractorId, async () =>
        gamification(facts, new Date(), ctx.jobValueCents),
      );
      const { success: _success, ...autoReload } = settingsAnswer(settings);
      return {
        balance_cents: balance,
        auto_reload: { ...autoReload, funding_available: fundingAvailable },
        metrics: performanceMetrics(facts, METRICS_WINDOW_DAYS, new Date(), ctx.jobValueCents),
        gamification: achievements,
        // purchaseFacts holds every purchase of the contractor: the History tab's total.
        history_total: facts.length,
      };
    },
  );
}
