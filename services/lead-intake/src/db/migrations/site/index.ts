import type { MigrationSet } from '@leadmarket/platform';

/** Site intake tables (waitlist, contact messages, page views). */
export const siteMigrations: MigrationSet = {};
