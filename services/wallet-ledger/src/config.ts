import { envInt, loadConfig } from '@leadmarket/platform';
import { z } from 'zod';
import { DEFAULT_AVG_JOB_VALUE_CENTS } from './domain/reports.js';

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
export type WalletConfig = z.infer<typeof WalletConfigSchema>;

export const loadWalletConfig = (env: Record<string, string | undefined>): WalletConfig =>
  loadConfig(WalletConfigSchema, env as NodeJS.ProcessEnv);
