import type { GeneratedTimestamp, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, Insertable, Selectable } from 'kysely';

/** notification's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface NotificationDatabase extends PlatformTables {
  contacts: ContactsTable;
  deliveries: DeliveriesTable;
}

/** Where a contractor's messages go (a projection of contractors' profile events). */
export interface ContactsTable {
  contractor_id: string;
  phone: string;
  sms_opt_in: boolean;
  deleted: Generated<boolean>;
  /** The profile event's time: an older event never overwrites a newer one. */
  profile_at: Timestamp;
  email: string | null;
  contact_name: string | null;
  business_name: string | null;
}

export type DeliveryKind =
  | 'lead_offer'
  | 'password_reset'
  | 'contact_message'
  | 'welcome'
  | 'refund_decision'
  | 'funding_receipt'
  | 'low_balance'
  | 'customer_update'
  /** The customer's phone confirmation code (docs/adr/0045-phone-confirmed-before-the-offer.md). */
  | 'contact_code'
  | 'auto_credit';

/**
 * pending → sending → sent (→ delivered | undelivered | failed from provider callbacks) | failed;
 * `unknown` (the provider may have it and cannot be asked), `cancelled` (the lead was sold or
 * deleted first), `expired` (an offer past its end).
 */
export type DeliveryStatus =
  'pending' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'unknown' | 'cancelled' | 'expired';

/** One message; unique per purpose and recipient (dedupe_key, e.g. lead_offer:<lead>:<contractor>). */
export interface DeliveriesTable {
  id: string;
  dedupe_key: string;
  kind: DeliveryKind;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  lead_id: string | null;
  contractor_id: string | null;
  status: DeliveryStatus;
  provider: string | null;
  provider_message_id: string | null;
  provider_status: string | null;
  provider_status_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: GeneratedTimestamp;
  locked_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
  /** When a provider call began (recovery after a crash asks the provider what it got since then). */
  sending_at: Timestamp | null;
  /** An offer's end: not sent after it. */
  expires_at: Timestamp | null;
}

export type Contact = Selectable<ContactsTable>;
export type Delivery = Selectable<DeliveriesTable>;
export type NewDeliveryRow = Insertable<DeliveriesTable>;
