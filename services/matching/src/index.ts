import { defineService, wakeableJob, type BackgroundJob } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { matchingContext, type MatchingContext } from './context.js';
import { pendingLeadIds } from './db/leads.repository.js';
import { migrations } from './db/migrations/index.js';
import { matchLead } from './use-cases/match-lead.js';
import { rerouteJob } from './use-cases/reroute-lead.js';
import { registerAvailableLeadsRoutes } from './routes/available-leads.routes.js';

/**
 * The loop that matches pending leads: woken right after a valid LeadScreened commits, and on an
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
      // Each match waits mostly on I/O (the price request, then one transaction): several at once
      // keep up with a burst of leads; each lead is locked by its own transaction.
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

/** The matching service: projections of contractors, wallets and leads; ranking; offers; available leads. */
export const service = defineService({
  name: 'matching',
  migrations,
  context: matchingContext,
  consumers,
  register(app, ctx) {
    registerAvailableLeadsRoutes(app, ctx, ctx.config);
  },
  background: (ctx) => [matcherJob(ctx), rerouteJob(ctx, ctx.config)],
});
