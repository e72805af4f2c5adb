import type { MigrationSet } from '@leadmarket/platform';
import * as ledger from './2026_11_22_0630_ledger.js';

/** The wallet-ledger schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0630_ledger': ledger,
};
