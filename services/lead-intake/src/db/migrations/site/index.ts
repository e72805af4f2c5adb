import type { MigrationSet } from '@leadmarket/platform';
import * as siteIntake from './2026_11_22_0640_site_intake.js';

/** Site intake tables (waitlist, contact messages, page views). */
export const siteMigrations: MigrationSet = {
  '2026_11_22_0640_site_intake': siteIntake,
};
