import type { MigrationSet } from '@leadmarket/platform';

/** The screening schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {};
