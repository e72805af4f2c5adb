import type { MigrationSet } from '@leadmarket/platform';

/** Lead pipeline tables (leads, claim tokens, assignments). */
export const leadMigrations: MigrationSet = {};
