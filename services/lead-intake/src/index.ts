import { defineService } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { leadIntakeContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { registerLeadRoutes } from './routes/leads.routes.js';
import { registerSiteRoutes } from './routes/site.routes.js';

/** lead-intake: the only holder of customer contact details; leads, claim tokens, waitlist, contact, page views. */
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
    const replies = ctx.screeningReplies;
    app.addHook('onClose', async () => replies.close());
    registerLeadRoutes(app, { ctx, config: ctx.config, replies });
    registerSiteRoutes(app, ctx);
  },
});
