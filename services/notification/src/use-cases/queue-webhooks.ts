import { randomBytes } from 'node:crypto';
import { webhookBodySchema, type WebhookData, type WebhookMessageType } from '@leadmarket/contracts';
import type { ConsumerContext } from '@leadmarket/platform';
import type { NotificationContext } from '../context.js';
import { queueMessages, subscribedEndpoints } from '../db/webhooks.repository.js';

/** A webhook-id: `msg_` and 16 random bytes (the same on every attempt and replay of the message). */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

/** The exact JSON every attempt of a message sends: `{type, timestamp, data}`, checked against its contract. */
export function webhookBody<T extends WebhookMessageType>(type: T, at: Date, data: WebhookData<T>): string {
  return JSON.stringify(webhookBodySchema(type).parse({ type, timestamp: at.toISOString(), data }));
}

/**
 * Queue one message of an event to each of the contractor's enabled endpoints subscribed to its
 * type, in the consumer's transaction; the worker is woken after commit. `eventKey` makes a
 * redelivered event queue nothing new.
 */
export async function queueWebhooks<T extends WebhookMessageType>(
  { trx, afterCommit, service }: Pick<ConsumerContext<NotificationContext>, 'trx' | 'afterCommit' | 'service'>,
  event: { contractorId: string; type: T; eventKey: string; leadId: string | null; data: WebhookData<T> },
): Promise<number> {
  const endpoints = await subscribedEndpoints(trx, event.contractorId, event.type);
  if (endpoints.length === 0) return 0;
  const at = service.webhooks.now();
  const body = webhookBody(event.type, at, event.data);
  const queued = await queueMessages(
    trx,
    endpoints.map((e) => ({
      id: newMessageId(),
      endpoint_id: e.id,
      contractor_id: event.contractorId,
      event_key: event.eventKey,
      type: event.type,
      lead_id: event.leadId,
      body,
      at,
    })),
  );
  if (queued > 0) afterCommit(service.webhooks.wakeup.wake);
  return queued;
}
