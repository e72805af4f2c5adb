import type { MigrationSet } from '@leadmarket/platform';

/** The lead-intake schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {};
