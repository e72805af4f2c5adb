import { randomUUID } from 'node:crypto';
import {
  EVENT_SCHEMAS,
  EVENT_VERSION,
  type EventData,
  type EventEnvelope,
  type EventType,
  type ServiceName,
} from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { schemaOf } from '../db/database.js';
import { currentCorrelationId, currentTraceparent } from '../telemetry.js';

/** An event to publish once the transaction that writes it commits. */
export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
  /** Defaults to the request or event being handled. */
  correlationId?: string;
}

export const outboxChannel = (service: ServiceName) => `lm_outbox_${schemaOf(service)}`;

/** Build a validated envelope (a producer never emits data its consumers would reject). */
export function buildEnvelope<T extends EventType>(
  producer: ServiceName,
  event: NewEvent<T>,
): EventEnvelope<EventData<T>> {
  const data = EVENT_SCHEMAS[event.type].parse(event.data) as EventData<T>;
  const id = randomUUID();
  return {
    id,
    type: event.type,
    version: EVENT_VERSION,
    occurred_at: new Date().toISOString(),
    producer,
    correlation_id: event.correlationId ?? currentCorrelationId() ?? id,
    traceparent: currentTraceparent(),
    data,
  };
}

/**
 * Write events in the caller's transaction (`trx` must be the service's own schema-scoped
 * transaction). They are published by the relay after commit; a rollback publishes nothing.
 */
export async function appendToOutbox(
  trx: Kysely<any>,
  producer: ServiceName,
  events: NewEvent[],
): Promise<EventEnvelope[]> {
  if (events.length === 0) return [];
  const envelopes = events.map((e) => buildEnvelope(producer, e));
  await trx
    .insertInto('outbox')
    .values(envelopes.map((env) => ({ id: env.id, type: env.type, envelope: JSON.stringify(env) })))
    .execute();
  // Delivered at commit: wakes the relay at once instead of at its next poll.
  await sql`select pg_notify(${outboxChannel(producer)}, '')`.execute(trx);
  return envelopes;
}
