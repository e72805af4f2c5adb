import type { ServiceDefinition } from '@leadmarket/platform';
import { loadLeadIntakeConfig } from './config.js';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { leadExpiryJob } from './jobs/lead-expiry.job.js';
import { registerLeadRoutes } from './routes/leads.routes.js';
import { registerSiteRoutes } from './routes/site.routes.js';
import { ScreeningWaiter } from './screening-wakeups.js';
import type { LeadIntakeDatabase } from './db/database.js';

/** lead-intake: the only holder of customer contact details; leads, claim tokens, waitlist, contact, page views. */
export const service: ServiceDefinition<LeadIntakeDatabase> = {
  name: 'lead-intake',
  migrations,
  consumers,
  async register(app, ctx) {
    const config = loadLeadIntakeConfig(ctx.env);
    const waiter = new ScreeningWaiter(ctx.db, ctx.database, ctx.logger);
    await waiter.start();
    app.addHook('onClose', async () => {
      await waiter.stop();
    });
    registerLeadRoutes(app, { ctx, config, waiter });
    registerSiteRoutes(app, ctx);
  },
  background(ctx) {
    return [leadExpiryJob(ctx, loadLeadIntakeConfig(ctx.env))];
  },
};
