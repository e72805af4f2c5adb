import { wakeableJob, type BackgroundJob, type ServiceContext, type ServiceDefinition } from '@leadmarket/platform';
import { loadMatchingConfig } from './config.js';
import { consumers } from './consumers/index.js';
import { pendingLeadIds } from './db/leads.repository.js';
import { migrations } from './db/migrations/index.js';
import { matchLead } from './match-lead.js';
import { registerAvailableLeadsRoutes } from './routes/available-leads.routes.js';
import { onWake } from './wake.js';

/**
 * The loop that matches pending leads: woken right after a valid LeadScreened commits, and on an
 * interval so a lead whose match failed (crash, database hiccup) is retried.
 */
function matcherJob(ctx: ServiceContext): BackgroundJob {
  const config = loadMatchingConfig(ctx.env);
  return wakeableJob(
    'matcher',
    config.MATCHING_SWEEP_MS,
    ctx.logger,
    async (isStopped) => {
      for (const leadId of await pendingLeadIds(ctx.db)) {
        if (isStopped()) return;
        try {
          await matchLead(ctx, config, leadId);
        } catch (err) {
          ctx.logger.warn({ lead_id: leadId, err: String(err) }, 'matching a lead failed; it will be retried');
        }
      }
    },
    onWake,
  );
}

/** The matching service: projections of contractors, wallets and leads; ranking; offers; available leads. */
export const service: ServiceDefinition = {
  name: 'matching',
  migrations,
  consumers,
  register(app, ctx) {
    registerAvailableLeadsRoutes(app, ctx, loadMatchingConfig(ctx.env));
  },
  background: (ctx) => [matcherJob(ctx)],
};
