import type { MigrationSet } from '@leadmarket/platform';
import { leadMigrations } from './leads/index.js';
import { siteMigrations } from './site/index.js';

/** The lead_intake schema's migrations: the lead pipeline's and the site intake's (waitlist, contact, page views). */
export const migrations: MigrationSet = { ...leadMigrations, ...siteMigrations };
