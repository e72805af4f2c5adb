import type { MigrationSet } from '@leadmarket/platform';
import * as ledger from './2026_11_22_0630_ledger.js';
import * as balancedTrigger from './2026_11_22_0700_balanced_transactions_trigger.js';
import * as contractorCategories from './2026_11_22_2310_contractor_categories.js';

/** The wallet-ledger schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0630_ledger': ledger,
  '2026_11_22_0700_balanced_transactions_trigger': balancedTrigger,
  '2026_11_22_2310_contractor_categories': contractorCategories,
};
