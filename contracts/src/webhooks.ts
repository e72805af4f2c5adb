/**
 * What a contractor's webhook endpoint receives (docs/integrations.md): a JSON body `{type, timestamp,
 * data}` signed per the Standard Webhooks specification (headers webhook-id, webhook-timestamp,
 * webhook-signature). The schemas here are the payloads' contract: notification builds every body
 * through them and the OpenAPI document's `webhooks` section is generated from them.
 */
import { z } from './zod.js';
import { URGENCIES } from './constants.js';
import { LEAD_OUTCOMES, LOST_REASONS } from './outcomes.js';

/** The event types a contractor may subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  'lead.purchased',
  'refund.decided',
  'credit.granted',
  'lead.outcome_recorded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event", to every endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_TYPE;

/** What each type is called on the Settings page and in the delivery log. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookMessageType, string> = {
  'lead.purchased': 'Lead purchased',
  'refund.decided': 'Refund decided',
  'credit.granted': 'Automatic credit granted',
  'lead.outcome_recorded': 'Lead outcome recorded',
  'webhook.test': 'Test event',
};

const isoTime = z.string().describe('ISO 8601 time (UTC)');
const cents = z.number().int().describe('Integer cents (USD)');

/** lead.purchased: the lead you bought, with the customer's contact and the job. */
export const WebhookLeadPurchasedSchema = z.object({
  lead_id: z.string().uuid(),
  purchase_id: z.string().uuid(),
  price_cents: cents,
  /** How it was bought: on the dashboard, or through the link of an SMS offer. */
  channel: z.enum(['dashboard', 'claim']),
  purchased_at: isoTime,
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
  job: z.object({
    /** Catalogue codes (industry and sub-service) and their label as the dashboard shows it. */
    service_category: z.string(),
    sub_service: z.string(),
    service_label: z.string(),
    description: z.string(),
    zip_code: z.string(),
    urgency: z.enum(URGENCIES),
    requested_at: isoTime,
  }),
});

/** refund.decided: an admin decided a refund you requested. */
export const WebhookRefundDecidedSchema = z.object({
  refund_id: z.string().uuid(),
  lead_id: z.string().uuid(),
  decision: z.enum(['approved', 'rejected']),
  amount_cents: cents,
  decided_at: isoTime,
  /** What the admin wrote with the decision, if anything. */
  note: z.string().nullable(),
});

/** credit.granted: an automatic credit for a defective lead (wrong number, duplicate…). */
export const WebhookCreditGrantedSchema = z.object({
  credit_id: z.string().uuid(),
  lead_id: z.string().uuid(),
  purchase_id: z.string().uuid(),
  rule: z.string(),
  reason: z.string(),
  amount_cents: cents,
  balance_cents: cents,
  granted_at: isoTime,
});

/** lead.outcome_recorded: you (or your API key) recorded what became of a lead you bought. */
export const WebhookLeadOutcomeRecordedSchema = z.object({
  lead_id: z.string().uuid(),
  outcome: z.enum(LEAD_OUTCOMES),
  /** The outcome as the dashboard words it ("Won", "Never reached"). */
  outcome_label: z.string(),
  /** Won only: the job's value. */
  job_value_cents: cents.nullable(),
  /** Lost only. */
  lost_reason: z.enum(LOST_REASONS).nullable(),
  lost_reason_label: z.string().nullable(),
  /** The outcome this one replaces (an outcome may be corrected), null for the first. */
  previous_outcome: z.enum(LEAD_OUTCOMES).nullable(),
  recorded_at: isoTime,
});

/** webhook.test: "Send test event" on Settings → Integrations. */
export const WebhookTestSchema = z.object({ endpoint_id: z.string().uuid(), message: z.string() });

export const WEBHOOK_DATA_SCHEMAS = {
  'lead.purchased': WebhookLeadPurchasedSchema,
  'refund.decided': WebhookRefundDecidedSchema,
  'credit.granted': WebhookCreditGrantedSchema,
  'lead.outcome_recorded': WebhookLeadOutcomeRecordedSchema,
  'webhook.test': WebhookTestSchema,
} as const satisfies Record<WebhookMessageType, z.ZodType>;

export type WebhookData<T extends WebhookMessageType> = z.infer<(typeof WEBHOOK_DATA_SCHEMAS)[T]>;

/** The body of every delivery (Standard Webhooks' recommended shape). */
export const webhookBodySchema = <T extends WebhookMessageType>(type: T) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data: WEBHOOK_DATA_SCHEMAS[type] });

/** The headers every delivery carries (Standard Webhooks). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
