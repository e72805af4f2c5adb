import type { MigrationSet } from '@leadmarket/platform';
import * as projections from './2026_11_22_0630_matching_projections.js';
import * as offerRounds from './2026_11_22_2320_offer_rounds.js';
import * as walletSpendLimits from './2026_11_24_0100_wallet_spend_limits.js';

/** Matching's migrations in the order they run. */
export const migrations: MigrationSet = {
  '2026_11_22_0630_matching_projections': projections,
  '2026_11_22_2320_offer_rounds': offerRounds,
  '2026_11_24_0100_wallet_spend_limits': walletSpendLimits,
};
