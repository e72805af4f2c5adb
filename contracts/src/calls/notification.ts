import { z } from '../zod.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE } from '../webhooks.js';

/** Where a webhook endpoint may point: an absolute http(s) URL (production further requires https). */
const endpointUrl = z
  .string({ error: 'Please enter the address of your endpoint' })
  .trim()
  .min(1, 'Please enter the address of your endpoint')
  .max(2000, 'That address is too long (2,000 characters at most)')
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
    message: 'Please enter a full web address starting with https://',
  });

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Please choose events from the list' }))
  .min(1, 'Please choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length);

const endpointId = z.string({ error: 'Please choose an endpoint' }).trim().uuid('Please choose an endpoint');

/** Body of webhook-endpoints POST: add an endpoint. */
export const WebhookEndpointCreateSchema = z.object({
  url: endpointUrl,
  events: eventList,
  description: z.string().trim().max(200, 'The description is too long (200 characters at most)').optional(),
});

/** Body of webhook-endpoints PUT: change an endpoint; a field left out is unchanged. `enabled: true` turns a disabled endpoint back on. */
export const WebhookEndpointUpdateSchema = z.object({
  id: endpointId,
  url: endpointUrl.optional(),
  events: eventList.optional(),
  description: z.string().trim().max(200, 'The description is too long (200 characters at most)').optional(),
  enabled: z.boolean().optional(),
});

/** Body of webhook-endpoints DELETE, webhook-endpoint-secret and webhook-endpoint-test: one endpoint. */
export const WebhookEndpointIdSchema = z.object({ id: endpointId });

/** One endpoint as its owner sees it (never its secret, which is shown once when made). */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** `disabled` after failing for the whole retry window (or by its owner); deliveries wait until it is enabled. */
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable(),
  /** The first characters of the signing secret, to tell secrets apart. */
  secret_hint: z.string(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof WebhookEndpointSchema>;

/** Reply of webhook-endpoints GET (and of PUT/DELETE): the contractor's endpoints. */
export const WebhookEndpointsResponseSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });

/** Reply of webhook-endpoints POST and webhook-endpoint-secret: the endpoint and its signing secret, shown this once. */
export const WebhookEndpointSecretResponseSchema = z.object({ endpoint: WebhookEndpointSchema, secret: z.string() });

/** Reply of webhook-endpoint-test and webhook-delivery-replay: the message queued. */
export const WebhookQueuedResponseSchema = z.object({ success: z.literal(true), message_id: z.string() });

/** Query of webhook-deliveries: one endpoint's log, newest first. */
export const WebhookDeliveriesQuerySchema = z.object({
  endpoint_id: endpointId,
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** One attempt to deliver a message: the answer's status and size only, never its body. */
export const WebhookAttemptSchema = z.object({
  attempted_at: z.string(),
  duration_ms: z.number().int(),
  /** The HTTP status, null when no answer came (timeout, refused address, connection failure). */
  status_code: z.number().int().nullable(),
  /** Bytes of the answer's body, null without an answer. */
  response_bytes: z.number().int().nullable(),
  /** Our words for a failure without an answer, or for an answer that is not a success. */
  error: z.string().nullable(),
  /** What started it: the schedule, a replay from the log, or a test. */
  trigger: z.enum(['scheduled', 'replay']),
});

/** One message (one event to one endpoint; its webhook-id is the same on every attempt and replay). */
export const WebhookMessageSchema = z.object({
  id: z.string(),
  type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE]),
  type_label: z.string(),
  /** pending (waiting for its next attempt, or for its endpoint to be enabled again), sending, delivered, failed (gave up). */
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookMessageView = z.infer<typeof WebhookMessageSchema>;

/** Reply of webhook-deliveries. */
export const WebhookDeliveriesResponseSchema = z.object({ messages: z.array(WebhookMessageSchema) });

/** Body of webhook-delivery-replay: send a logged message again, with the same webhook-id. */
export const WebhookReplaySchema = z.object({
  message_id: z.string({ error: 'Please choose a delivery' }).trim().min(1, 'Please choose a delivery').max(100),
});
