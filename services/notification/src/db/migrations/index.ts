import type { MigrationSet } from '@leadmarket/platform';

/** The notification schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {};
