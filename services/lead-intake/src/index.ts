import { defineService } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { leadIntakeContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { leadExpiryJob } from './jobs/lead-expiry.job.js';
import { registerLeadRoutes } from './routes/leads.routes.js';
import { registerSiteRoutes } from './routes/site.routes.js';

/** lead-intake: the only holder of customer contact details; leads, claim tokens, waitlist, contact, page views. */
export const service = defineService({
  name: 'lead-intake',
  migrations,
  context: leadIntakeContext,
  consumers,
  async register(app, ctx) {
    const waiter = ctx.screeningWaiter;
    await waiter.start();
    app.addHook('onClose', async () => {
      await waiter.stop();
    });
    registerLeadRoutes(app, { ctx, config: ctx.config, waiter });
    registerSiteRoutes(app, ctx);
  },
  background: (ctx) => [leadExpiryJob(ctx, ctx.config)],
});
