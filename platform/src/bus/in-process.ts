import { context } from '@opentelemetry/api';
import { contextFromTraceparent } from '../telemetry.js';
import { isTransientError } from '../transient.js';
import type { EventEnvelope } from '@leadmarket/contracts';
import { decodeEnvelope } from './decode.js';
import {
  asError,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PREFETCH,
  InvalidMessageError,
  retryDelayMs,
  type DeadLetter,
  type DeliveryHandler,
  type DeliveryInfo,
  type EventBus,
  type PublishOptions,
  type Reply,
  type Subscription,
  type SubscriptionSpec,
} from './event-bus.js';

interface Message {
  body: string;
  attempt: number;
  /** The requester's correlation id, when the publisher waits for an answer. */
  correlationId?: string;
}

/** The in-process bus has one requester, the process itself: every answer goes to its reply handler. */
const LOCAL_REPLY_ADDRESS = 'in-process.reply-to';

interface Queue {
  name: string;
  types: Set<string>;
  pending: Message[];
  dead: DeadLetter[];
  consumer?: {
    handler: DeliveryHandler;
    prefetch: number;
    maxAttempts: number;
    inFlight: number;
    closed: boolean;
    idle: Set<() => void>;
  };
}

/**
 * The embedded mode's bus: the same semantics as the RabbitMQ adapter (durable per-service queues
 * that keep messages while their consumer is away, bounded retries, a dead-letter queue with the
 * reason), held in memory. Messages are serialised as on the wire, so a handler never shares objects
 * with the publisher.
 */
export class InProcessEventBus implements EventBus {
  private readonly queues = new Map<string, Queue>();
  private available = true;
  private closed = false;
  private readonly replyHandlers = new Set<(reply: Reply) => void>();

  /** Tests: make the broker unreachable (publish fails) or reachable again. */
  setAvailable(available: boolean): void {
    this.available = available;
    if (available) for (const q of this.queues.values()) this.pump(q);
  }

  async publish(envelope: EventEnvelope, options?: PublishOptions): Promise<void> {
    if (!this.available || this.closed) throw new Error('event bus unavailable');
    const body = JSON.stringify(envelope);
    const correlationId = options?.requests?.get(envelope.id);
    for (const queue of this.queues.values()) {
      if (queue.types.has(envelope.type)) {
        queue.pending.push({ body, attempt: 1, correlationId });
        this.pump(queue);
      }
    }
  }

  async publishBatch(envelopes: readonly EventEnvelope[], options?: PublishOptions): Promise<Array<Error | undefined>> {
    const results: Array<Error | undefined> = [];
    for (const envelope of envelopes)
      results.push(await this.publish(envelope, options).then(() => undefined, asError));
    return results;
  }

  onReply(handler: (reply: Reply) => void): () => void {
    this.replyHandlers.add(handler);
    return () => this.replyHandlers.delete(handler);
  }

  async reply(address: string, reply: Reply): Promise<void> {
    if (address !== LOCAL_REPLY_ADDRESS || this.closed) return;
    // Serialised as on the wire, and delivered on a later turn, as a broker would.
    const body = JSON.parse(JSON.stringify(reply.body)) as unknown;
    setImmediate(() => {
      for (const handler of this.replyHandlers) handler({ correlationId: reply.correlationId, body });
    });
  }

  async subscribe(spec: SubscriptionSpec, handler: DeliveryHandler): Promise<Subscription> {
    const queue = this.declare(spec.queue);
    for (const type of spec.eventTypes) queue.types.add(type);
    for (const type of spec.unboundTypes ?? []) queue.types.delete(type);
    const consumer = {
      handler,
      prefetch: spec.prefetch ?? DEFAULT_PREFETCH,
      maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      inFlight: 0,
      closed: false,
      idle: new Set<() => void>(),
    };
    queue.consumer = consumer;
    this.pump(queue);
    // In the process itself: attached for as long as it lives.
    spec.onAttachChange?.(true);
    return {
      close: async () => {
        consumer.closed = true;
        if (queue.consumer === consumer) queue.consumer = undefined;
        // Drain: wait for in-flight deliveries to settle, as a broker channel close would.
        if (consumer.inFlight > 0) await new Promise<void>((resolve) => consumer.idle.add(resolve));
        // A transient queue goes with its subscriber (RabbitMQ: exclusive, auto-delete).
        if (spec.transient && this.queues.get(spec.queue) === queue) this.queues.delete(spec.queue);
      },
    };
  }

  async takeDeadLetters(queueName: string, max = 100): Promise<DeadLetter[]> {
    const queue = this.queues.get(queueName);
    return queue ? queue.dead.splice(0, max) : [];
  }

  async depth(queue: string): Promise<{ messages: number; deadLetters: number }> {
    const q = this.queues.get(queue);
    return { messages: q?.pending.length ?? 0, deadLetters: q?.dead.length ?? 0 };
  }

  async ping(): Promise<void> {
    if (!this.available || this.closed) throw new Error('event bus unavailable');
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [...this.queues.values()].map(async (q) => {
        const c = q.consumer;
        if (c) {
          c.closed = true;
          if (c.inFlight > 0) await new Promise<void>((resolve) => c.idle.add(resolve));
        }
      }),
    );
  }

  private declare(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { name, types: new Set(), pending: [], dead: [] };
      this.queues.set(name, queue);
    }
    return queue;
  }

  private pump(queue: Queue): void {
    const consumer = queue.consumer;
    if (!consumer || consumer.closed || !this.available) return;
    while (consumer.inFlight < consumer.prefetch && queue.pending.length > 0) {
      const message = queue.pending.shift()!;
      consumer.inFlight++;
      void this.deliver(queue, consumer, message);
    }
  }

  private async deliver(queue: Queue, consumer: NonNullable<Queue['consumer']>, message: Message): Promise<void> {
    try {
      const envelope = decodeEnvelope(message.body);
      // Delivered under the trace the event was written in, as a broker's headers would carry it.
      const info: DeliveryInfo = { attempt: message.attempt };
      if (message.correlationId) info.replyTo = { address: LOCAL_REPLY_ADDRESS, correlationId: message.correlationId };
      await context.with(contextFromTraceparent(envelope.traceparent), () => consumer.handler(envelope, info));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // As the RabbitMQ adapter: poison is dead-lettered, an outage (transient error) never is.
      const exhausted = message.attempt >= consumer.maxAttempts && !isTransientError(error);
      if (error instanceof InvalidMessageError || exhausted) {
        queue.dead.push({ queue: queue.name, reason, body: message.body });
      } else {
        await new Promise((r) => setTimeout(r, retryDelayMs(message.attempt)));
        queue.pending.push({ ...message, attempt: message.attempt + 1 });
      }
    } finally {
      consumer.inFlight--;
      if (consumer.inFlight === 0) {
        for (const resolve of consumer.idle) resolve();
        consumer.idle.clear();
      }
      // A closed consumer's queue keeps its messages for the next subscriber.
      this.pump(queue);
    }
  }
}
