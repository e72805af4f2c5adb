import { DUPLICATE_WINDOW_DAYS } from '@leadmarket/contracts';
import { defineService, intervalJob } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { leadIntakeContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { pruneFingerprints } from './db/screening.repository.js';
import { leadExpiryJob } from './jobs/lead-expiry.job.js';
import { registerLeadRoutes } from './routes/leads.routes.js';
import { registerSiteRoutes } from './routes/site.routes.js';

/** lead-intake: the only holder of customer contact details; leads and their screening, waitlist, contact, page views. */
export const service = defineService({
  name: 'lead-intake',
  migrations,
  context: leadIntakeContext,
  consumers,
  productionRequirements: [
    {
      variables: ['LEAD_IP_HASH_SALT'],
      purpose: 'the secret salt of the client-IP hashes leads keep (its development default is public)',
    },
  ],
  register(app, ctx) {
    registerLeadRoutes(app, { ctx, config: ctx.config });
    registerSiteRoutes(app, ctx);
  },
  background: (ctx) => [
    leadExpiryJob(ctx, ctx.config),
    intervalJob('prune-duplicate-fingerprints', 3600_000, ctx.logger, async () => {
      await pruneFingerprints(ctx.db, new Date(Date.now() - (DUPLICATE_WINDOW_DAYS + 1) * 24 * 3600_000));
    }),
  ],
});
