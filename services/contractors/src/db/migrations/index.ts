import type { MigrationSet } from '@leadmarket/platform';
import * as accounts from './2026_11_22_0640_accounts.js';
import * as deletedContactKeys from './2026_11_22_2240_deleted_contact_keys.js';
import * as signupCredit from './2026_11_27_1400_signup_credit.js';
import * as apiKeys from './2026_11_27_2130_api_keys.js';

/** The contractors schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0640_accounts': accounts,
  '2026_11_22_2240_deleted_contact_keys': deletedContactKeys,
  '2026_11_27_1400_signup_credit': signupCredit,
  '2026_11_27_2130_api_keys': apiKeys,
};
