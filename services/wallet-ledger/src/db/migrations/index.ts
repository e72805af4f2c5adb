import type { MigrationSet } from '@leadmarket/platform';
import * as ledger from './2026_11_22_0630_ledger.js';
import * as balancedTrigger from './2026_11_22_0700_balanced_transactions_trigger.js';
import * as priceRowsByTrade from './2026_11_22_2217_price_rows_by_trade.js';
import * as contractorTargets from './2026_11_22_2245_contractor_targets.js';
import * as purchaseContactedAt from './2026_11_23_2200_purchase_contacted_at.js';
import * as receiptsAndSpendCaps from './2026_11_24_0100_receipts_and_spend_caps.js';
import * as platformBalancesFromEntries from './2026_11_24_0110_platform_balances_from_entries.js';
import * as autoCredits from './2026_11_24_0200_auto_credits.js';
import * as priceCatalogueVersion from './2026_11_25_1500_price_catalogue_version.js';
import * as leadDeletedAt from './2026_11_27_1500_lead_deleted_at.js';
import * as leadCustomerFingerprint from './2026_11_27_1800_lead_customer_fingerprint.js';
import * as purchaseOutcomes from './2026_11_27_2130_purchase_outcomes.js';
import * as contactConfirmations from './2026_11_27_2230_contact_confirmations.js';

/** The wallet-ledger schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0630_ledger': ledger,
  '2026_11_22_0700_balanced_transactions_trigger': balancedTrigger,
  '2026_11_22_2217_price_rows_by_trade': priceRowsByTrade,
  '2026_11_22_2245_contractor_targets': contractorTargets,
  '2026_11_23_2200_purchase_contacted_at': purchaseContactedAt,
  '2026_11_24_0100_receipts_and_spend_caps': receiptsAndSpendCaps,
  '2026_11_24_0110_platform_balances_from_entries': platformBalancesFromEntries,
  '2026_11_24_0200_auto_credits': autoCredits,
  '2026_11_25_1500_price_catalogue_version': priceCatalogueVersion,
  '2026_11_27_1500_lead_deleted_at': leadDeletedAt,
  '2026_11_27_1800_lead_customer_fingerprint': leadCustomerFingerprint,
  '2026_11_27_2130_purchase_outcomes': purchaseOutcomes,
  '2026_11_27_2230_contact_confirmations': contactConfirmations,
};
