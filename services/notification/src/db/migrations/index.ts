import type { MigrationSet } from '@leadmarket/platform';
import * as deliveries from './2026_11_22_0640_notification_deliveries.js';
import * as contactEmail from './2026_11_22_1600_contact_email.js';
import * as atMostOnce from './2026_11_22_1800_delivery_at_most_once.js';
import * as contactBusinessName from './2026_11_22_2300_contact_business_name.js';
import * as webhooks from './2026_11_27_2130_webhooks.js';
import * as contactPhoneE164 from './2026_12_07_1810_contact_phone_e164.js';
import * as deliveryPartialIndexes from './2026_12_07_1820_delivery_partial_indexes.js';

/** Notification's migrations in the order they run. */
export const migrations: MigrationSet = {
  '2026_11_22_0640_notification_deliveries': deliveries,
  '2026_11_22_1600_contact_email': contactEmail,
  '2026_11_22_1800_delivery_at_most_once': atMostOnce,
  '2026_11_22_2300_contact_business_name': contactBusinessName,
  '2026_11_27_2130_webhooks': webhooks,
  '2026_12_07_1810_contact_phone_e164': contactPhoneE164,
  '2026_12_07_1820_delivery_partial_indexes': deliveryPartialIndexes,
};
