import type { MigrationSet } from '@leadmarket/platform';

/** The contractors schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {};
