import type { MigrationSet } from '@leadmarket/platform';
import * as deliveries from './2026_11_22_0640_notification_deliveries.js';

/** Notification's migrations in the order they run. */
export const migrations: MigrationSet = {
  '2026_11_22_0640_notification_deliveries': deliveries,
};
