import type { MigrationSet } from '@leadmarket/platform';
import * as projections from './2026_11_22_0630_matching_projections.js';
import * as offerRounds from './2026_11_22_2320_offer_rounds.js';
import * as availableLeadsIndex from './2026_11_23_0100_available_leads_index.js';
import * as leadPrices from './2026_11_24_0100_lead_prices.js';
import * as walletSpendLimits from './2026_11_24_0100_wallet_spend_limits.js';
import * as offerRound from './2026_11_24_0120_offer_round.js';
import * as contractorOfferStats from './2026_11_25_0100_contractor_offer_stats.js';
import * as leadTargets from './2026_11_25_0200_lead_targets.js';
import * as oneEventPerLead from './2026_11_25_0300_one_event_per_lead.js';
import * as availableLeadsByTrade from './2026_11_25_2100_available_leads_by_trade.js';
import * as phoneConfirmationRule from './2026_11_27_2300_phone_confirmation_rule.js';

/** Matching's migrations in the order they run. */
export const migrations: MigrationSet = {
  '2026_11_22_0630_matching_projections': projections,
  '2026_11_22_2320_offer_rounds': offerRounds,
  '2026_11_23_0100_available_leads_index': availableLeadsIndex,
  '2026_11_24_0100_lead_prices': leadPrices,
  '2026_11_24_0100_wallet_spend_limits': walletSpendLimits,
  '2026_11_24_0120_offer_round': offerRound,
  '2026_11_25_0100_contractor_offer_stats': contractorOfferStats,
  '2026_11_25_0200_lead_targets': leadTargets,
  '2026_11_25_0300_one_event_per_lead': oneEventPerLead,
  '2026_11_25_2100_available_leads_by_trade': availableLeadsByTrade,
  '2026_11_27_2300_phone_confirmation_rule': phoneConfirmationRule,
};
