import type { EventEnvelope } from '@leadmarket/contracts';
import { backoffMs } from '../transient.js';

/** What a consuming service asks of the bus: its own durable queue, bound to the event types it handles. */
export interface SubscriptionSpec {
  queue: string;
  eventTypes: readonly string[];
  /**
   * Event types this queue must not receive (every other type the marketplace knows): a durable
   * queue keeps the bindings an earlier version of its service made, so a type the service stopped
   * consuming would keep arriving and be dead-lettered as having no consumer. Unbound at attach.
   */
  unboundTypes?: readonly string[];
  /** Messages in flight at once for this consumer. */
  prefetch?: number;
  /** Deliveries before a failing message is dead-lettered. */
  maxAttempts?: number;
  /**
   * A queue that lives only while this subscriber is connected (RabbitMQ: exclusive, auto-delete,
   * no dead-letter queue): live fan-out to one process, e.g. the gateway's server push.
   */
  transient?: boolean;
  /**
   * Told true each time the subscription is attached (the first time too) and false when it lost
   * its channel. A transient queue misses every event published in between.
   */
  onAttachChange?(attached: boolean): void;
}

export interface DeliveryInfo {
  /** 1 on first delivery, then 2, 3, … */
  attempt: number;
  /**
   * Set when the publisher asked for an answer to this event (`PublishOptions.requests`): where to
   * send it with `EventBus.reply`. Absent when the relay's polling pass published it: its writer
   * no longer waits.
   */
  replyTo?: { address: string; correlationId: string };
}

/** A fast answer to an event, sent to the process that published it (request–reply). */
export interface Reply {
  correlationId: string;
  body: unknown;
}

export interface PublishOptions {
  /**
   * Envelope id → correlation id of the events the publishing process waits for an answer to
   * (RabbitMQ: direct reply-to on the publishing channel). Answers reach `onReply`.
   */
  requests?: ReadonlyMap<string, string>;
}

/** Resolve to ack; throw to retry (bounded), or throw InvalidMessageError to dead-letter at once. */
export type DeliveryHandler = (envelope: EventEnvelope, info: DeliveryInfo) => Promise<void>;

export interface DeadLetter {
  queue: string;
  reason: string;
  body: string;
}

export interface Subscription {
  close(): Promise<void>;
}

/** One interface, two adapters (RabbitMQ and in-process), one contract test suite. */
export interface EventBus {
  /** Resolves once the broker has confirmed the event (durably queued for every bound queue). */
  publish(envelope: EventEnvelope): Promise<void>;
  /**
   * Publish several events and wait for the broker's confirms together (one deadline for the batch,
   * not a round trip each). Resolves with one entry per envelope: undefined once confirmed, or the
   * error that kept it from being confirmed (that event is left to the caller to send again).
   */
  publishBatch?(envelopes: readonly EventEnvelope[], options?: PublishOptions): Promise<Array<Error | undefined>>;
  /**
   * Receive the answers to the events this process published as requests; every handler hears
   * every answer (each keeps to its own correlation ids). Returns the handler's removal. Best
   * effort: an answer whose requester has gone is dropped.
   */
  onReply?(handler: (reply: Reply) => void): () => void;
  /** Answer a delivery that carried `replyTo` (after the handler's transaction committed). */
  reply?(address: string, reply: Reply): Promise<void>;
  subscribe(spec: SubscriptionSpec, handler: DeliveryHandler): Promise<Subscription>;
  /** Messages waiting in a queue and in its dead-letter queue (metrics). */
  depth(queue: string): Promise<{ messages: number; deadLetters: number }>;
  /** Take up to `max` messages off a queue's dead-letter queue (operators and tests). */
  takeDeadLetters(queue: string, max?: number): Promise<DeadLetter[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A message that can never be handled (bad shape, unknown version): dead-letter it with this reason, do not retry. */
export class InvalidMessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidMessageError';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_PREFETCH = 16;
export const deadLetterQueueOf = (queue: string) => `${queue}.dlq`;
export const exchangeName = (namespace: string) => `${namespace ? `${namespace}.` : ''}leadmarket.events`;
/** Back off a little before a retry so a failing handler does not spin. */
export const retryDelayMs = (attempt: number) => backoffMs(attempt, 50, 2000);

/** Publish a batch through `publishBatch` when the bus has it, else one `publish` each (concurrently). */
export async function publishAll(
  bus: EventBus,
  envelopes: readonly EventEnvelope[],
  options?: PublishOptions,
): Promise<Array<Error | undefined>> {
  if (bus.publishBatch) return bus.publishBatch(envelopes, options);
  const settled = await Promise.allSettled(envelopes.map((e) => bus.publish(e)));
  return settled.map((r) => (r.status === 'fulfilled' ? undefined : asError(r.reason)));
}

export const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
