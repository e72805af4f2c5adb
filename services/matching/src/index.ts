import { CLAIM_TOKEN_REQUIREMENT, defineService, wakeableJob, type BackgroundJob } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { matchingContext, type MatchingContext } from './context.js';
import { pendingLeadIds } from './db/leads.repository.js';
import { migrations } from './db/migrations/index.js';
import { matchLead } from './use-cases/match-lead.js';
import { confirmationWaitJob } from './use-cases/confirmation-wait.js';
import { leadLifetimeJob } from './use-cases/lead-lifetime.js';
import { rerouteJob } from './use-cases/reroute-lead.js';
import { registerAvailableLeadsRoutes } from './routes/available-leads.routes.js';
import { registerConfirmationRulesRoutes } from './routes/confirmation-rules.routes.js';
import { registerOfferRoutes } from './routes/offers.routes.js';

/**
 * The fallback for leads their consumer did not match (each lead is matched by LeadPriced's
 * consumer as it arrives, docs/adr/0024): woken when a match in a consumer failed, and on an
 * interval so a lead whose match failed (crash, database hiccup) is retried.
 */
const MATCH_CONCURRENCY = 8;

function matcherJob(ctx: MatchingContext): BackgroundJob {
  const { config } = ctx;
  return wakeableJob(
    'matcher',
    config.MATCHING_SWEEP_MS,
    ctx.logger,
    async (isStopped) => {
      // Each match waits mostly on I/O (one transaction): several at once keep up with a burst of
      // leads left to the matcher; each lead is locked by its own transaction.
      const queue = await pendingLeadIds(ctx.db);
      const worker = async () => {
        for (let leadId = queue.shift(); leadId !== undefined && !isStopped(); leadId = queue.shift()) {
          try {
            await matchLead(ctx, config, leadId);
          } catch (err) {
            ctx.logger.warn({ lead_id: leadId, err: String(err) }, 'matching a lead failed; it will be retried');
          }
        }
      };
      await Promise.all(Array.from({ length: MATCH_CONCURRENCY }, worker));
    },
    ctx.matcherWakeup.onWake,
  );
}

/** The matching service: projections of contractors, wallets, leads and prices; ranking; the one owner of offers and claim tokens; available leads. */
export const service = defineService({
  name: 'matching',
  migrations,
  context: matchingContext,
  consumers,
  // One batch at a time: every batch wants the best contractors of its leads' ZIP codes, so a second
  // batch read the same ones before the first committed, then waited for their locks (and offered
  // leads matched at the same moment to the same contractors). docs/adr/0024, 2026-11-26 addendum.
  consumerBatchesInFlight: 1,
  productionRequirements: [CLAIM_TOKEN_REQUIREMENT],
  register(app, ctx) {
    registerAvailableLeadsRoutes(app, ctx, ctx.config);
    registerOfferRoutes(app, ctx);
    registerConfirmationRulesRoutes(app, ctx);
  },
  background: (ctx) => [matcherJob(ctx), rerouteJob(ctx, ctx.config), leadLifetimeJob(ctx), confirmationWaitJob(ctx)],
});
