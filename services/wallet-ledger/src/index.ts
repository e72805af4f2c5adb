import { defineService, intervalJob } from '@leadmarket/platform';
import { walletContext } from './config.js';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { reconcilePendingReloads } from './use-cases/funding.js';
import { registerAdminRoutes } from './routes/admin.routes.js';
import { registerFundingRoutes } from './routes/funding.routes.js';
import { registerPricingRoutes } from './routes/pricing.routes.js';
import { registerPurchaseRoutes } from './routes/purchases.routes.js';
import { registerReceiptRoutes } from './routes/receipts.routes.js';
import { registerSpendCapRoutes } from './routes/spend-caps.routes.js';
import { registerRefundRoutes } from './routes/refunds.routes.js';
import { registerReportRoutes } from './routes/reports.routes.js';
import { registerStatementRoutes } from './routes/statement.routes.js';

/** wallet-ledger: the double-entry ledger, wallets, lead prices, purchases, funding, auto-reload, refunds and reports. */
export const service = defineService({
  name: 'wallet-ledger',
  migrations,
  context: walletContext,
  consumers,
  productionRequirements: [
    {
      variables: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      purpose: 'wallet funding through Stripe Checkout',
      unlessSwitch: 'PAYMENTS_DISABLED',
    },
    { variables: ['RECEIPT_SIGNING_KEY'], purpose: 'the key of the exclusivity receipts contractors hand to others' },
  ],
  async register(app, ctx) {
    const deps = ctx;
    registerPurchaseRoutes(app, ctx, deps);
    registerPricingRoutes(app, ctx);
    await registerFundingRoutes(app, ctx, deps);
    registerRefundRoutes(app, ctx);
    registerReportRoutes(app, ctx, deps);
    registerAdminRoutes(app, ctx);
    registerStatementRoutes(app, ctx);
    registerReceiptRoutes(app, ctx, deps);
    registerSpendCapRoutes(app, ctx);
  },
  background(ctx) {
    // Webhooks can be lost; a reload pending for 15 minutes is settled by asking Stripe.
    return [
      intervalJob(
        'reconcile-auto-reloads',
        5 * 60_000,
        ctx.logger,
        async () => void (await reconcilePendingReloads(ctx, ctx.payments, 15 * 60_000)),
      ),
    ];
  },
});
