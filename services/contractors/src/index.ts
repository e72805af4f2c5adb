import { defineService } from '@leadmarket/platform';
import { consumers } from './consumers/index.js';
import { contractorsContext } from './context.js';
import { migrations } from './db/migrations/index.js';
import { registerApiKeyRoutes } from './routes/api-keys.routes.js';
import { registerAuthRoutes } from './routes/auth.routes.js';
import { registerCatalogueRoutes } from './routes/catalogue.routes.js';
import { registerDashboardRoutes } from './routes/dashboard.routes.js';
import { registerInternalRoutes } from './routes/internal.routes.js';
import { registerPasswordResetRoutes } from './routes/password-reset.routes.js';
import { registerProfileRoutes } from './routes/profile.routes.js';
import { apiKeys } from './use-cases/api-keys.js';
import { housekeepingJobs } from './use-cases/housekeeping.js';

/** The contractors service: accounts, sessions, API keys, password resets, profiles, SMS consent, catalogue and the dashboard aggregate. */
export const service = defineService({
  name: 'contractors',
  migrations,
  context: contractorsContext,
  consumers,
  productionRequirements: [
    {
      variables: ['SIGNUP_CREDIT_HASH_SALT'],
      purpose: "the secret key of the hashes of deleted accounts' contacts (its development default is public)",
    },
  ],
  register(app, ctx) {
    const { config, sessions } = ctx;
    registerAuthRoutes(app, ctx, config, sessions);
    registerPasswordResetRoutes(app, ctx, config, sessions);
    registerProfileRoutes(app, ctx);
    registerCatalogueRoutes(app);
    registerDashboardRoutes(app, ctx);
    registerInternalRoutes(app, ctx, sessions, config.SIGNUP_CREDIT_HASH_SALT);
    registerApiKeyRoutes(app, apiKeys(ctx));
  },
  background: housekeepingJobs,
});
