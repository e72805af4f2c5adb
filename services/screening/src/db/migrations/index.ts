import type { MigrationSet } from '@leadmarket/platform';
import * as screening from './2026_11_22_0640_screening.js';

/** The screening schema's migrations, oldest first (names sort in run order). */
export const migrations: MigrationSet = {
  '2026_11_22_0640_screening': screening,
};
