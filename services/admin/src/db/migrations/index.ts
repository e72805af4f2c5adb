import type { MigrationSet } from '@leadmarket/platform';

/** The admin schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {};
