import type { GeneratedTimestamp, PlatformTables, Timestamp } from '@leadmarket/platform';
import type { Generated, Insertable, Selectable } from 'kysely';

/** notification's schema: its tables, as its migrations (src/db/migrations) leave them, and the platform's outbox/inbox. */
export interface NotificationDatabase extends PlatformTables {
  contacts: ContactsTable;
  deliveries: DeliveriesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** A contractor's webhook endpoint. */
export interface WebhookEndpointsTable {
  id: string;
  contractor_id: string;
  url: string;
  description: string | null;
  events: string[];
  /** The whsec_ secret sealed with WEBHOOK_SECRET_KEY (domain/webhook-secrets.ts). */
  secret_sealed: string;
  secret_hint: string;
  status: Generated<'enabled' | 'disabled'>;
  disabled_reason: string | null;
  disabled_at: Timestamp | null;
  last_success_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export type WebhookMessageStatus = 'pending' | 'sending' | 'delivered' | 'failed';

/** One event to one endpoint; `id` is its webhook-id on every attempt and replay. */
export interface WebhookMessagesTable {
  id: string;
  endpoint_id: string;
  contractor_id: string;
  event_key: string;
  type: string;
  lead_id: string | null;
  body: string;
  status: WebhookMessageStatus;
  trigger: 'scheduled' | 'replay';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  window_start: Timestamp;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

/** One attempt of the delivery log: the answer's status and size, never its body. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  message_id: string;
  attempted_at: Timestamp;
  duration_ms: number;
  status_code: number | null;
  response_bytes: number | null;
  error: string | null;
  trigger: 'scheduled' | 'replay';
}

/** Where a contractor's messages go (a projection of contractors' profile events). */
export interface ContactsTable {
  contractor_id: string;
  phone: string;
  /** The phone in E.164 as SMS goes to it (toE164 of `phone`); null when it has no such reading. */
  phone_e164: string | null;
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
  | 'auto_credit'
  | 'webhook_disabled';

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
