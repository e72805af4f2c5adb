import { defineService, intervalJob } from '@leadmarket/platform';
import { ensureFirstAdmin } from './bootstrap/ensure-first-admin.js';
import { consumers } from './consumers/index.js';
import { adminContext } from './context.js';
import { deleteExpiredSessions } from './db/session.repository.js';
import { migrations } from './db/migrations/index.js';
import { registerAuthRoutes } from './routes/auth.routes.js';
import { registerContractorPageRoutes } from './routes/contractor-page.routes.js';
import { registerDeleteRoutes } from './routes/deletes.routes.js';
import { registerLeadReceiptRoutes } from './routes/lead-receipt.routes.js';
import { registerMoneyRoutes } from './routes/money.routes.js';
import { registerOverviewRoutes } from './routes/overview.routes.js';
import { registerPricingRoutes } from './routes/pricing.routes.js';
import { registerOutcomeRoutes } from './routes/outcomes.routes.js';
import { registerUtilityRoutes } from './routes/utilities.routes.js';

/** The admin service: admin accounts, sessions and audit log; every admin function composed from the owners' internal routes. */
export const service = defineService({
  name: 'admin',
  migrations,
  context: adminContext,
  consumers,
  productionRequirements: [{ variables: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'], purpose: 'the first admin account' }],
  async register(app, ctx) {
    const { config } = ctx;
    await ensureFirstAdmin(ctx.db, config, ctx.logger);
    registerAuthRoutes(app, ctx, config);
    registerOverviewRoutes(app, ctx);
    registerContractorPageRoutes(app, ctx);
    registerPricingRoutes(app, ctx);
    registerOutcomeRoutes(app, ctx);
    registerMoneyRoutes(app, ctx);
    registerDeleteRoutes(app, ctx);
    registerUtilityRoutes(app, ctx);
    registerLeadReceiptRoutes(app, ctx);
  },
  background: (ctx) => [
    intervalJob('admin-session-sweep', 3600_000, ctx.logger, () => deleteExpiredSessions(ctx.db, new Date())),
  ],
});
