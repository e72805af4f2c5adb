import type { ServiceDefinition } from '@leadmarket/platform';
import { loadContractorsConfig } from './config.js';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { registerAuthRoutes } from './routes/auth.routes.js';
import { registerCatalogueRoutes } from './routes/catalogue.routes.js';
import { registerDashboardRoutes } from './routes/dashboard.routes.js';
import { registerInternalRoutes } from './routes/internal.routes.js';
import { registerPasswordResetRoutes } from './routes/password-reset.routes.js';
import { registerProfileRoutes } from './routes/profile.routes.js';
import { housekeepingJobs } from './use-cases/housekeeping.js';
import { sessions as createSessions } from './use-cases/sessions.js';
import type { ContractorsDatabase } from './db/database.js';

/** The contractors service: accounts, sessions, password resets, profiles, SMS consent, catalogue and the dashboard aggregate. */
export const service: ServiceDefinition<ContractorsDatabase> = {
  name: 'contractors',
  migrations,
  consumers,
  register(app, ctx) {
    const config = loadContractorsConfig(ctx.env);
    const sessions = createSessions(ctx, config);
    registerAuthRoutes(app, ctx, config, sessions);
    registerPasswordResetRoutes(app, ctx, config, sessions);
    registerProfileRoutes(app, ctx);
    registerCatalogueRoutes(app);
    registerDashboardRoutes(app, ctx);
    registerInternalRoutes(app, ctx, sessions, config.SIGNUP_CREDIT_HASH_SALT);
  },
  background: housekeepingJobs,
};
