import type { MigrationSet } from '@leadmarket/platform';
import * as screening from './2026_11_22_0640_screening.js';
import * as acceptedFingerprints from './2026_11_23_0900_fingerprints_of_accepted_leads.js';

/** The screening schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0640_screening': screening,
  '2026_11_23_0900_fingerprints_of_accepted_leads': acceptedFingerprints,
};
