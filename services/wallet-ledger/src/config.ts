import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';
import { DEFAULT_AVG_JOB_VALUE_CENTS } from './domain/reports.js';
import { Payments, stripeSettingsFrom } from './stripe/payments.js';

/** The development receipt key: receipts made with it prove nothing, so production must set its own. */
export const DEV_RECEIPT_SIGNING_KEY = 'leadmarket-dev-receipt-key';

const WalletConfigSchema = z.object({
  /** Dollars a completed (booked) lead is counted as in revenue and ROI reports. */
  WALLET_AVG_JOB_VALUE_DOLLARS: envInt(DEFAULT_AVG_JOB_VALUE_CENTS / 100, 0),
  /** Key of the receipt codes (HMAC); required in production, a fixed development key elsewhere. */
  RECEIPT_SIGNING_KEY: z.string().trim().min(1).default(DEV_RECEIPT_SIGNING_KEY),
});

/** What the wallet-ledger routes share: the payments provider and report settings. */
export interface WalletDeps {
  payments: Payments;
  jobValueCents: number;
  receiptKey: string;
}

/** Read this service's environment (Stripe keys, report settings). */
export function walletDepsFrom(env: Record<string, string | undefined>): WalletDeps {
  const config = loadConfig(WalletConfigSchema, env as NodeJS.ProcessEnv);
  return {
    payments: new Payments(stripeSettingsFrom(env)),
    jobValueCents: config.WALLET_AVG_JOB_VALUE_DOLLARS * 100,
    receiptKey: config.RECEIPT_SIGNING_KEY,
  };
}

const depsByContext = new WeakMap<object, WalletDeps>();

/** The one WalletDeps of a running service instance (routes and jobs must share its development webhook secret). */
export function depsOf(ctx: { env: Record<string, string | undefined> }): WalletDeps {
  let deps = depsByContext.get(ctx);
  if (!deps) {
    deps = walletDepsFrom(ctx.env);
    depsByContext.set(ctx, deps);
  }
  return deps;
}
