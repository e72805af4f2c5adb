import { consumerOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import type { WalletLedgerDatabase } from './db/database.js';
import { loadWalletConfig } from './config.js';
import { PriceCatalogueCache } from './cache/price-catalogue-cache.js';
import { createReadCaches, type ReadCaches } from './cache/read-caches.js';
import { Payments, stripeSettingsFrom } from './stripe/payments.js';

/** What the wallet-ledger routes share: the payments provider and report settings. */
export interface WalletDeps {
  payments: Payments;
  jobValueCents: number;
  /** NODE_ENV=production: development-only pages (the fake checkout) answer 404. */
  production: boolean;
  /** Key of the receipt codes (RECEIPT_SIGNING_KEY). */
  receiptKey: string;
  /** verify-lead-receipt's limit per client address. */
  receiptVerifyLimit: { limit: number; windowSeconds: number };
}

/** Read this service's environment (Stripe keys, report settings). */
export function walletDepsFrom(env: Record<string, string | undefined>): WalletDeps {
  const config = loadWalletConfig(env);
  return {
    payments: new Payments(stripeSettingsFrom(env)),
    jobValueCents: config.WALLET_AVG_JOB_VALUE_DOLLARS * 100,
    production: config.NODE_ENV === 'production',
    receiptKey: config.RECEIPT_SIGNING_KEY,
    receiptVerifyLimit: {
      limit: config.RECEIPT_VERIFY_RATE_LIMIT,
      windowSeconds: config.RECEIPT_VERIFY_RATE_WINDOW_SECONDS,
    },
  };
}

/**
 * What wallet-ledger's routes, consumers and jobs share: the platform's context and one WalletDeps
 * per instance (routes and jobs must share its development webhook secret).
 */
export interface WalletContext extends ServiceContext<WalletLedgerDatabase>, WalletDeps {
  /** The lead prices, kept per instance and checked against PostgreSQL's version when a price is fixed. */
  priceCatalogue: PriceCatalogueCache;
  /** The dashboard's hottest reads, a few seconds old at most (cache/read-caches.ts). */
  readCaches: ReadCaches;
}

/** Built once per wallet-ledger instance at start-up. */
export const walletContext = (base: ServiceContext): WalletContext => ({
  ...base,
  ...walletDepsFrom(base.env),
  priceCatalogue: new PriceCatalogueCache(),
  readCaches: createReadCaches(),
});

/** Declare a wallet-ledger consumer (its handler receives the WalletContext as `ctx.service`, and `trx` knows wallet-ledger's tables). */
export const defineWalletConsumer = consumerOf<WalletContext>();

/**
 * The one signature of every `routes/*.routes.ts` registration; index.ts lists them. A registration
 * may be async (the Stripe webhook's raw-body scope must exist before start-up checks the handlers).
 */
export type RegisterWalletRoutes = (app: ServiceApp, ctx: WalletContext) => void | Promise<void>;
