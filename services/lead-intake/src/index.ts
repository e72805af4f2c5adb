import type { ServiceDefinition } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { registerLeadRoutes } from './routes/leads.routes.js';
import { registerSiteRoutes } from './routes/site.routes.js';

/** lead-intake: the only holder of customer contact details; leads, claim tokens, waitlist, contact, page views. */
export const service: ServiceDefinition = {
  name: 'lead-intake',
  migrations,
  consumers,
  register(app, ctx) {
    registerLeadRoutes(app, ctx);
    registerSiteRoutes(app, ctx);
  },
};
