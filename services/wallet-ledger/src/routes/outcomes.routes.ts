import {
  functionPath,
  INTERNAL_CALLS,
  type InternalResponse,
  type OutcomeReportsResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import type { WalletContext } from '../context.js';
import { marketplaceOutcomeFacts, purchaseOutcomeFacts } from '../db/reports.repository.js';
import { lostReasonCounts, outcomeFigures, outcomesByCategory, outcomesByZip } from '../domain/outcomes.js';

/**
 * The figures of recorded outcomes (docs/adr/0047-lead-outcomes.md): the contractor's Reports
 * (get-outcome-reports) and, for the operator, every contractor's close rate per category.
 */
export function registerOutcomeRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(functionPath('get-outcome-reports'), async (request): Promise<OutcomeReportsResponse> => {
    const facts = await purchaseOutcomeFacts(ctx.db, contractorIdOf(request));
    return {
      totals: outcomeFigures(facts, ctx.jobValueCents),
      by_category: outcomesByCategory(facts, ctx.jobValueCents),
      by_zip: outcomesByZip(facts, ctx.jobValueCents),
      lost_reasons: lostReasonCounts(facts),
      assumed_job_value: ctx.jobValueCents / 100,
    };
  });

  app.get(INTERNAL_CALLS.categoryOutcomes.path, async (): Promise<InternalResponse<'categoryOutcomes'>> => {
    const facts = (await marketplaceOutcomeFacts(ctx.db)).map((r) => ({
      ...r,
      price_cents: Number(r.price_cents),
      job_value_cents: r.job_value_cents === null ? null : Number(r.job_value_cents),
    }));
    return {
      categories: outcomesByCategory(facts, ctx.jobValueCents),
      totals: outcomeFigures(facts, ctx.jobValueCents),
    };
  });
}
