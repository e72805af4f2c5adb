import type { ServiceDefinition } from '@leadmarket/platform';
import { walletDepsFrom } from './config.js';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { registerAdminRoutes } from './routes/admin.routes.js';
import { registerFundingRoutes } from './routes/funding.routes.js';
import { registerPricingRoutes } from './routes/pricing.routes.js';
import { registerPurchaseRoutes } from './routes/purchases.routes.js';
import { registerRefundRoutes } from './routes/refunds.routes.js';
import { registerReportRoutes } from './routes/reports.routes.js';

/** wallet-ledger: the double-entry ledger, wallets, lead prices, purchases, funding, auto-reload, refunds and reports. */
export const service: ServiceDefinition = {
  name: 'wallet-ledger',
  migrations,
  consumers,
  async register(app, ctx) {
    const deps = walletDepsFrom(ctx.env);
    registerPurchaseRoutes(app, ctx, deps);
    registerPricingRoutes(app, ctx);
    await registerFundingRoutes(app, ctx, deps);
    registerRefundRoutes(app, ctx);
    registerReportRoutes(app, ctx, deps);
    registerAdminRoutes(app, ctx);
  },
};
