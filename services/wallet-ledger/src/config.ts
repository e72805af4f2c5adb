import { consumerOf, envInt, loadConfig, type ServiceContext } from '@leadmarket/platform';
import type { WalletLedgerDatabase } from './db/database.js';
import { z } from 'zod';
import { DEFAULT_AVG_JOB_VALUE_CENTS } from './domain/reports.js';
import { Payments, stripeSettingsFrom } from './stripe/payments.js';
import { PriceCatalogueCache } from './price-catalogue-cache.js';

/** The development receipt key: receipts made with it prove nothing, so production must set its own. */
export const DEV_RECEIPT_SIGNING_KEY = 'leadmarket-dev-receipt-key';

/** wallet-ledger's own variables (README "Environment variables"; Stripe's are read by stripe/payments.ts). */
export const WalletConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Dollars a completed (booked) lead is counted as in revenue and ROI reports. */
  WALLET_AVG_JOB_VALUE_DOLLARS: envInt(DEFAULT_AVG_JOB_VALUE_CENTS / 100, 0),
  /** Key of the receipt codes (HMAC); required in production, a fixed development key elsewhere. */
  RECEIPT_SIGNING_KEY: z.string().trim().min(1).default(DEV_RECEIPT_SIGNING_KEY),
  /** verify-lead-receipt checks allowed per client address in each window (429 beyond). */
  RECEIPT_VERIFY_RATE_LIMIT: envInt(30, 1),
  RECEIPT_VERIFY_RATE_WINDOW_SECONDS: envInt(600, 1),
});

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
  const config = loadConfig(WalletConfigSchema, env as NodeJS.ProcessEnv);
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
}

/** Built once per wallet-ledger instance at start-up. */
export const walletContext = (base: ServiceContext): WalletContext => ({
  ...base,
  ...walletDepsFrom(base.env),
  priceCatalogue: new PriceCatalogueCache(),
});

/** Declare a wallet-ledger consumer (its handler receives the WalletContext as `ctx.service`, and `trx` knows wallet-ledger's tables). */
export const defineWalletConsumer = consumerOf<WalletContext>();
