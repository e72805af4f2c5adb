import type { MigrationSet } from '@leadmarket/platform';
import * as screening from './2026_11_22_0640_screening.js';
import * as acceptedFingerprints from './2026_11_23_0900_fingerprints_of_accepted_leads.js';
import * as serviceAgain from './2026_11_27_1800_screening_service_again.js';
import * as desk from './2026_11_27_1900_screening_desk.js';
import * as confirmations from './2026_11_27_2200_contact_confirmations.js';

/** The screening schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0640_screening': screening,
  '2026_11_23_0900_fingerprints_of_accepted_leads': acceptedFingerprints,
  '2026_11_27_1800_screening_service_again': serviceAgain,
  '2026_11_27_1900_screening_desk': desk,
  '2026_11_27_2200_contact_confirmations': confirmations,
};
