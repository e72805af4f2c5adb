import type { MigrationSet } from '@leadmarket/platform';
import * as adminAccounts from './2026_11_22_0650_admin_accounts.js';

/** The admin schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0650_admin_accounts': adminAccounts,
};
