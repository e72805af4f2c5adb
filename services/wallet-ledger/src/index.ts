import { defineService, intervalJob } from '@leadmarket/platform';
import { walletContext, type RegisterWalletRoutes } from './context.js';
import { consumers } from './consumers/index.js';
import { migrations } from './db/migrations/index.js';
import { reconcilePendingReloads } from './use-cases/reconcile-reloads.js';
import { pruneFingerprints } from './db/auto-credits.repository.js';
import { registerAdminRoutes } from './routes/admin.routes.js';
import { registerAutoCreditRoutes } from './routes/auto-credits.routes.js';
import { registerClaimRoutes } from './routes/claim.routes.js';
import { registerFundingRoutes } from './routes/funding.routes.js';
import { registerPricingRoutes } from './routes/pricing.routes.js';
import { registerPurchaseRoutes } from './routes/purchases.routes.js';
import { registerReceiptRoutes } from './routes/receipts.routes.js';
import { registerSpendCapRoutes } from './routes/spend-caps.routes.js';
import { registerRefundRoutes } from './routes/refunds.routes.js';
import { registerReportRoutes } from './routes/reports.routes.js';
import { registerStatementRoutes } from './routes/statement.routes.js';
import { registerFirstPaintRoutes } from './routes/first-paint.routes.js';
import { registerOutcomeRoutes } from './routes/outcomes.routes.js';

/** Every routes file of wallet-ledger, registered in this order with the one signature. */
const routes: RegisterWalletRoutes[] = [
  registerPurchaseRoutes,
  registerClaimRoutes,
  registerPricingRoutes,
  registerFundingRoutes,
  registerRefundRoutes,
  registerReportRoutes,
  registerFirstPaintRoutes,
  registerAdminRoutes,
  registerStatementRoutes,
  registerReceiptRoutes,
  registerSpendCapRoutes,
  registerAutoCreditRoutes,
  registerOutcomeRoutes,
];

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
    for (const register of routes) await register(app, ctx);
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
      // Customer fingerprints serve the 30-day repeat check only (docs/retention.md).
      intervalJob('prune-purchase-fingerprints', 3600_000, ctx.logger, async () => {
        await pruneFingerprints(ctx.db);
      }),
    ];
  },
});
