import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@leadmarket/contracts';
import { context, propagation, trace } from '@opentelemetry/api';
import { contextFromTraceparent } from '../telemetry.js';
import type { Logger } from '../logger.js';
import { backoffMs, DeadlineError, isTransientError, withDeadline } from '../transient.js';
import { decodeEnvelope } from './decode.js';
import {
  asError,
  deadLetterQueueOf,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PREFETCH,
  exchangeName,
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

interface ActiveSubscription {
  spec: Required<Omit<SubscriptionSpec, 'onAttachChange'>>;
  handler: DeliveryHandler;
  onAttachChange?: (attached: boolean) => void;
  channel?: Channel;
  consumerTag?: string;
  /** An attach in progress (a connection's and a channel's retry must not both open one). */
  attaching?: Promise<void>;
  /** Failed attaches in a row, for the back-off of the next one. */
  attachFailures: number;
  retryTimer?: NodeJS.Timeout;
  inFlight: number;
  closed: boolean;
}

export interface RabbitMqOptions {
  url: string;
  namespace?: string;
  logger: Logger;
  /** AMQP heartbeat; a blackholed broker is noticed after about two of them (default 5). */
  heartbeatSeconds?: number;
  /**
   * When the broker is unreachable at start-up, return at once and keep connecting in the
   * background (bounded back-off; ping fails meanwhile) instead of failing. A refused login or a
   * malformed URL still fails at once.
   */
  waitForBroker?: boolean;
}

/** A publish unconfirmed after this is failed (the outbox row stays and is sent again). */
const PUBLISH_CONFIRM_DEADLINE_MS = 10_000;
/** Opening a connection: TCP and the AMQP handshake. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * RabbitMQ's direct reply-to pseudo-queue: consumed (no-ack) on the channel that publishes the
 * requests, named in their reply-to property, which the broker rewrites into an address that
 * reaches this channel's consumer. No reply queue is declared.
 */
const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';

/** The broker's answer to a passive declare of a queue that does not exist. */
const isNotFound = (err: unknown) => (err as { code?: unknown })?.code === 404;

/** The URL with a heartbeat, unless it names its own. */
function withHeartbeat(url: string, seconds: number): string {
  if (/[?&]heartbeat=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}heartbeat=${seconds}`;
}

/**
 * RabbitMQ adapter: one topic exchange (routing key = event type), a durable quorum queue per
 * consuming service with a dead-letter queue beside it, manual acks, prefetch, publisher confirms.
 * It reconnects after the broker restarts and re-attaches every subscription; what was published
 * but not confirmed stays in the caller's outbox and is sent again, and the consumers' inbox makes
 * the redelivery harmless.
 */
export class RabbitMqEventBus implements EventBus {
  private connection?: ChannelModel;
  private publisher?: ConfirmChannel;
  private connecting?: Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  /** Reconnect attempts since the connection was last up (the back-off grows with them). */
  private reconnectAttempts = 0;
  private closed = false;
  private readonly subscriptions = new Set<ActiveSubscription>();
  private readonly declaredQueues = new Set<string>();
  private readonly exchange: string;
  private readonly replyHandlers = new Set<(reply: Reply) => void>();
  /** The channel answers are sent on (its own: a failed answer must not close the publisher). */
  private replier?: Promise<Channel>;

  private constructor(private readonly options: RabbitMqOptions) {
    this.exchange = exchangeName(options.namespace ?? '');
  }

  /**
   * Connect. Without waitForBroker the first connection must succeed; with it, only a refused
   * login or a malformed URL fails start-up, and an unreachable broker is waited for.
   */
  static async connect(options: RabbitMqOptions): Promise<RabbitMqEventBus> {
    const bus = new RabbitMqEventBus(options);
    try {
      await bus.ensureConnected();
    } catch (err) {
      if (!options.waitForBroker || !isTransientError(err)) throw err;
      options.logger.warn({ err: String(err) }, 'RabbitMQ unreachable at start-up; not ready until it answers');
      bus.scheduleReconnect();
    }
    return bus;
  }

  /** True while a connection and its publisher channel are open. */
  get connected(): boolean {
    return Boolean(this.connection && this.publisher);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    const [error] = await this.publishBatch([envelope]);
    if (error) throw error;
  }

  /**
   * Write every message to the confirm channel at once, then wait for their confirms together: the
   * broker acknowledges many with one frame (`multiple`), so a batch costs about one round trip.
   */
  async publishBatch(envelopes: readonly EventEnvelope[], options?: PublishOptions): Promise<Array<Error | undefined>> {
    if (envelopes.length === 0) return [];
    let channel: ConfirmChannel;
    try {
      channel = await this.publisherChannel();
    } catch (err) {
      return envelopes.map(() => asError(err));
    }
    // A blackholed broker never confirms: past the deadline the unconfirmed ones fail and the outbox sends them again.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DeadlineError(`publish confirm of ${envelopes.length} event(s)`, PUBLISH_CONFIRM_DEADLINE_MS)),
        PUBLISH_CONFIRM_DEADLINE_MS,
      );
    });
    deadline.catch(() => {});
    const confirms = envelopes.map(
      (envelope) =>
        new Promise<void>((resolve, reject) => {
          // Under the trace the event was written in: the instrumentation's publish span joins it
          // and carries its context to the consumer in the message headers.
          context.with(contextFromTraceparent(envelope.traceparent), () =>
            channel.publish(
              this.exchange,
              envelope.type,
              Buffer.from(JSON.stringify(envelope)),
              {
                persistent: true,
                messageId: envelope.id,
                type: envelope.type,
                contentType: 'application/json',
                timestamp: Math.floor((Date.parse(envelope.occurred_at) || Date.now()) / 1000),
                headers: envelope.traceparent ? { traceparent: envelope.traceparent } : {},
                ...requestProperties(options, envelope.id),
              },
              (err) => (err ? reject(asError(err)) : resolve()),
            ),
          );
        }),
    );
    try {
      const settled = await Promise.allSettled(confirms.map((c) => Promise.race([c, deadline])));
      return settled.map((r) => (r.status === 'fulfilled' ? undefined : asError(r.reason)));
    } finally {
      clearTimeout(timer);
    }
  }

  onReply(handler: (reply: Reply) => void): () => void {
    this.replyHandlers.add(handler);
    return () => this.replyHandlers.delete(handler);
  }

  /**
   * Send an answer to a requester's direct reply-to address. Not persistent and unconfirmed: it is
   * only the fast answer (the durable path is the events), and an address whose channel has gone
   * is dropped by the broker.
   */
  async reply(address: string, reply: Reply): Promise<void> {
    this.replier ??= this.openReplier().catch((err: unknown) => {
      this.replier = undefined;
      throw err;
    });
    const channel = await this.replier;
    channel.publish('', address, Buffer.from(JSON.stringify(reply.body)), {
      correlationId: reply.correlationId,
      contentType: 'application/json',
    });
  }

  private async openReplier(): Promise<Channel> {
    await this.ensureConnected();
    const channel = await this.connection!.createChannel();
    channel.on('error', (err) => this.options.logger.debug({ err: String(err) }, 'rabbitmq reply channel error'));
    channel.on('close', () => {
      this.replier = undefined;
    });
    return channel;
  }

  async subscribe(spec: SubscriptionSpec, handler: DeliveryHandler): Promise<Subscription> {
    const { onAttachChange, ...rest } = spec;
    const sub: ActiveSubscription = {
      // `?? `, not spread: callers pass `maxAttempts: undefined`, which a spread would copy over the default (NaN in x-delivery-limit).
      spec: {
        ...rest,
        prefetch: spec.prefetch ?? DEFAULT_PREFETCH,
        maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        transient: spec.transient ?? false,
        unboundTypes: spec.unboundTypes ?? [],
      },
      handler,
      onAttachChange,
      attachFailures: 0,
      inFlight: 0,
      closed: false,
    };
    this.subscriptions.add(sub);
    if (this.connection) await this.attach(sub);
    return {
      close: async () => {
        sub.closed = true;
        clearTimeout(sub.retryTimer);
        this.subscriptions.delete(sub);
        if (sub.channel && sub.consumerTag) await sub.channel.cancel(sub.consumerTag).catch(() => {});
        // Drain in-flight handlers before closing the channel, so their acks reach the broker.
        while (sub.inFlight > 0) await new Promise((r) => setTimeout(r, 10));
        await sub.channel?.close().catch(() => {});
      },
    };
  }

  async takeDeadLetters(queue: string, max = 100): Promise<DeadLetter[]> {
    await this.ensureConnected();
    const channel = await this.connection!.createChannel();
    try {
      const dlq = deadLetterQueueOf(queue);
      await channel.assertQueue(dlq, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      const letters: DeadLetter[] = [];
      while (letters.length < max) {
        const msg = await channel.get(dlq, { noAck: true });
        if (!msg) break;
        const headers = msg.properties.headers ?? {};
        letters.push({
          queue,
          reason: String(headers['x-dead-reason'] ?? headers['x-first-death-reason'] ?? 'unknown'),
          body: msg.content.toString(),
        });
      }
      return letters;
    } finally {
      await channel.close().catch(() => {});
    }
  }

  /** How many messages wait in a queue's dead-letter queue (readiness details, the dlq tool); 0 when it does not exist. */
  async depth(queue: string): Promise<{ messages: number; deadLetters: number }> {
    const messages = await this.withChannel(async (channel) => (await channel.checkQueue(queue)).messageCount).catch(
      (err) => {
        if (isNotFound(err)) return 0;
        throw err;
      },
    );
    return { messages, deadLetters: await this.deadLetterDepth(queue) };
  }

  async deadLetterDepth(queue: string): Promise<number> {
    return this.withChannel(async (channel) => (await channel.checkQueue(deadLetterQueueOf(queue))).messageCount).catch(
      (err) => {
        if (isNotFound(err)) return 0;
        throw err;
      },
    );
  }

  /** Read up to `max` dead letters without removing them (they are returned to the queue). */
  async peekDeadLetters(queue: string, max = 100): Promise<DeadLetter[]> {
    if ((await this.deadLetterDepth(queue)) === 0) return [];
    return this.withChannel(async (channel) => {
      const letters: DeadLetter[] = [];
      let held = 0;
      while (letters.length < max) {
        const msg = await channel.get(deadLetterQueueOf(queue), { noAck: false });
        if (!msg) break;
        held++;
        const headers = msg.properties.headers ?? {};
        letters.push({
          queue,
          reason: String(headers['x-dead-reason'] ?? headers['x-first-death-reason'] ?? 'unknown'),
          body: msg.content.toString(),
        });
      }
      if (held) channel.nackAll(true);
      return letters;
    });
  }

  /**
   * Move up to `max` dead letters back onto their queue (after the cause was fixed), with the
   * delivery count and dead-letter reason cleared. Each is removed from the dead-letter queue only
   * after the broker confirmed it back on the queue. Returns how many were moved.
   */
  async redriveDeadLetters(queue: string, max = 1000): Promise<number> {
    if ((await this.deadLetterDepth(queue)) === 0) return 0;
    await this.ensureConnected();
    const channel = await this.connection!.createConfirmChannel();
    try {
      const dlq = deadLetterQueueOf(queue);
      let moved = 0;
      while (moved < max) {
        const msg = await channel.get(dlq, { noAck: false });
        if (!msg) break;
        const headers = { ...(msg.properties.headers ?? {}) };
        for (const h of ['x-delivery-count', 'x-dead-reason', 'x-death', 'x-first-death-reason']) delete headers[h];
        headers['x-redriven-at'] = new Date().toISOString();
        await new Promise<void>((resolve, reject) =>
          channel.sendToQueue(
            queue,
            msg.content,
            {
              persistent: true,
              messageId: msg.properties.messageId,
              type: msg.properties.type,
              contentType: msg.properties.contentType,
              headers,
            },
            (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
          ),
        );
        channel.ack(msg);
        moved++;
      }
      return moved;
    } finally {
      await channel.close().catch(() => {});
    }
  }

  private async withChannel<T>(fn: (channel: Channel) => Promise<T>): Promise<T> {
    await this.ensureConnected();
    const channel = await this.connection!.createChannel();
    channel.on('error', () => {});
    try {
      return await fn(channel);
    } finally {
      await channel.close().catch(() => {});
    }
  }

  async ping(): Promise<void> {
    if (!this.connection || !this.publisher) throw new Error('RabbitMQ not connected');
  }

  /**
   * Tests: remove the queues this bus declared (and their dead-letter queues), the `also` queues
   * (declared by other processes of the namespace), and its exchange.
   */
  async deleteTopology(also: readonly string[] = []): Promise<void> {
    await this.ensureConnected();
    // A failed operation closes its AMQP channel: each deletion gets a channel of its own, so one
    // failure does not leave every queue after it behind.
    const attempt = async (op: (channel: Channel) => Promise<unknown>) => {
      const channel = await this.connection!.createChannel();
      channel.on('error', () => {});
      await op(channel).catch(() => {});
      await channel.close().catch(() => {});
    };
    for (const q of new Set([...this.declaredQueues, ...also])) {
      await attempt((c) => c.deleteQueue(q));
      await attempt((c) => c.deleteQueue(deadLetterQueueOf(q)));
    }
    await attempt((c) => c.deleteExchange(this.exchange));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await Promise.all(
      [...this.subscriptions].map(async (s) => {
        s.closed = true;
        if (s.channel && s.consumerTag) await s.channel.cancel(s.consumerTag).catch(() => {});
        while (s.inFlight > 0) await new Promise((r) => setTimeout(r, 10));
      }),
    );
    await this.connection?.close().catch(() => {});
    this.connection = undefined;
  }

  private async publisherChannel(): Promise<ConfirmChannel> {
    if (!this.publisher) await this.ensureConnected();
    if (!this.publisher) throw new Error('RabbitMQ not connected');
    return this.publisher;
  }

  private ensureConnected(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('event bus closed'));
    if (this.connection && this.publisher) return Promise.resolve();
    this.connecting ??= this.connectOnce().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connectOnce(): Promise<void> {
    // Nagle's algorithm adds ~40 ms to every confirm round trip; noDelay takes it to ~1 ms.
    const connection = await amqp.connect(withHeartbeat(this.options.url, this.options.heartbeatSeconds ?? 5), {
      noDelay: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    connection.on('error', (err) => this.options.logger.warn({ err }, 'rabbitmq connection error'));
    connection.on('close', () => this.onDisconnect(connection));
    let publisher: ConfirmChannel;
    try {
      publisher = await connection.createConfirmChannel();
      publisher.on('error', (err) => this.options.logger.warn({ err }, 'rabbitmq publisher channel error'));
      publisher.on('close', () => {
        if (this.publisher === publisher) this.publisher = undefined;
      });
      await withDeadline(
        publisher.assertExchange(this.exchange, 'topic', { durable: true }),
        CONNECT_TIMEOUT_MS,
        'declaring the exchange',
      );
      // Answers to this channel's requests (before any request is published on it, as the broker requires).
      await withDeadline(
        publisher.consume(DIRECT_REPLY_TO, (msg) => this.onReplyMessage(msg), { noAck: true }),
        CONNECT_TIMEOUT_MS,
        'consuming direct replies',
      );
    } catch (err) {
      void connection.close().catch(() => {});
      throw err;
    }
    // A publisher channel closed on its own leaves a live connection behind: close it, not leak it.
    const previous = this.connection;
    if (previous && previous !== connection) {
      this.connection = undefined;
      void previous.close().catch(() => {});
    }
    this.connection = connection;
    this.publisher = publisher;
    this.reconnectAttempts = 0;
    for (const sub of this.subscriptions) await this.attachOrRetry(sub);
  }

  private onReplyMessage(msg: ConsumeMessage | null): void {
    const correlationId = msg?.properties.correlationId as string | undefined;
    if (!msg || !correlationId) return;
    try {
      const body = JSON.parse(msg.content.toString()) as unknown;
      for (const handler of this.replyHandlers) handler({ correlationId, body });
    } catch (err) {
      this.options.logger.warn({ err: String(err) }, 'could not read a direct reply');
    }
  }

  private onDisconnect(connection: ChannelModel): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.publisher = undefined;
    this.replier = undefined;
    for (const sub of this.subscriptions) this.detached(sub);
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(
      () => {
        this.ensureConnected().catch((err) => {
          this.options.logger.warn({ err: String(err) }, 'rabbitmq reconnect failed; retrying');
          this.reconnectAttempts++;
          this.scheduleReconnect();
        });
      },
      backoffMs(this.reconnectAttempts + 1, 250, 5000),
    );
    this.reconnectTimer.unref();
  }

  /**
   * Attach, and when that fails on a live connection (a channel refused, a queue not there yet),
   * try again with back-off: a subscription never stays detached while its connection is up.
   */
  private async attachOrRetry(sub: ActiveSubscription): Promise<void> {
    try {
      await this.attach(sub);
      sub.attachFailures = 0;
    } catch (err) {
      if (sub.closed || this.closed) return;
      sub.attachFailures++;
      this.options.logger.warn(
        { err: String(err), queue: sub.spec.queue, attempts: sub.attachFailures },
        'rabbitmq consumer could not attach; retrying',
      );
      this.scheduleAttach(sub);
    }
  }

  private scheduleAttach(sub: ActiveSubscription): void {
    clearTimeout(sub.retryTimer);
    sub.retryTimer = setTimeout(
      () => {
        // Without a connection the reconnect attaches every subscription itself.
        if (!sub.closed && this.connection && !sub.channel) void this.attachOrRetry(sub);
      },
      backoffMs(sub.attachFailures + 1, 250, 5000),
    );
    sub.retryTimer.unref();
  }

  /** The subscription lost its channel: tell its owner (a transient queue misses what comes meanwhile). */
  private detached(sub: ActiveSubscription): void {
    const was = sub.channel !== undefined;
    sub.channel = undefined;
    sub.consumerTag = undefined;
    if (was && !sub.closed) sub.onAttachChange?.(false);
  }

  private attach(sub: ActiveSubscription): Promise<void> {
    sub.attaching ??= this.openConsumer(sub).finally(() => {
      sub.attaching = undefined;
    });
    return sub.attaching;
  }

  private async openConsumer(sub: ActiveSubscription): Promise<void> {
    if (sub.closed || !this.connection || sub.channel) return;
    const connection = this.connection;
    const { queue, eventTypes, prefetch, maxAttempts } = sub.spec;
    const channel = await connection.createChannel();
    channel.on('error', (err) => this.options.logger.warn({ err, queue }, 'rabbitmq consumer channel error'));
    // A channel the broker closed on its own (a channel error) while the connection lives on is
    // opened again; with the connection, the reconnect does it.
    channel.on('close', () => {
      if (sub.channel !== channel) return;
      this.detached(sub);
      if (!sub.closed && this.connection === connection) {
        this.options.logger.warn({ queue }, 'rabbitmq consumer channel closed; attaching again');
        this.scheduleAttach(sub);
      }
    });
    try {
      const dlq = deadLetterQueueOf(queue);
      if (sub.spec.transient) {
        await channel.assertQueue(queue, { exclusive: true, autoDelete: true, durable: false });
      } else {
        this.declaredQueues.add(queue);
        await channel.assertQueue(dlq, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
        await channel.assertQueue(queue, {
          durable: true,
          arguments: {
            'x-queue-type': 'quorum',
            // Backstop only: our handler dead-letters with the reason after maxAttempts itself.
            'x-delivery-limit': maxAttempts + 2,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': dlq,
          },
        });
      }
      for (const type of eventTypes) await channel.bindQueue(queue, this.exchange, type);
      // Unbinding a binding that does not exist is a no-op for RabbitMQ; sent together, one round trip.
      if (!sub.spec.transient)
        await Promise.all(sub.spec.unboundTypes.map((type) => channel.unbindQueue(queue, this.exchange, type)));
      await channel.prefetch(prefetch);
      sub.channel = channel;
      const { consumerTag } = await channel.consume(queue, (msg) => {
        // null: the broker cancelled the consumer (its queue went); a new channel declares it again.
        if (msg) void this.handle(sub, channel, msg);
        else void channel.close().catch(() => {});
      });
      sub.consumerTag = consumerTag;
    } catch (err) {
      if (sub.channel === channel) sub.channel = undefined;
      void channel.close().catch(() => {});
      throw err;
    }
    if (sub.closed) return;
    sub.onAttachChange?.(true);
  }

  private async handle(sub: ActiveSubscription, channel: Channel, msg: ConsumeMessage): Promise<void> {
    sub.inFlight++;
    const attempt = Number(msg.properties.headers?.['x-delivery-count'] ?? 0) + 1;
    let outcome: 'ack' | 'dead' | 'retry' = 'ack';
    let reason = '';
    try {
      const info: DeliveryInfo = { attempt };
      const { replyTo, correlationId } = msg.properties as { replyTo?: string; correlationId?: string };
      if (replyTo && correlationId) info.replyTo = { address: replyTo, correlationId };
      await context.with(deliveryContext(msg), () => sub.handler(decodeEnvelope(msg.content.toString()), info));
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      // Poison is dead-lettered; an outage (database down, a timeout) is never the message's fault.
      if (error instanceof InvalidMessageError) outcome = 'dead';
      else if (isTransientError(error)) outcome = 'retry';
      else outcome = attempt >= sub.spec.maxAttempts ? 'dead' : 'retry';
    }
    try {
      if (outcome === 'dead') await this.deadLetter(sub.spec.queue, msg, reason);
      if (outcome === 'retry') {
        await new Promise((r) => setTimeout(r, retryDelayMs(attempt)));
        channel.nack(msg, false, true);
      } else {
        channel.ack(msg);
      }
    } catch (settleError) {
      // The channel died with the connection: the broker redelivers after reconnect, and the inbox makes that harmless.
      this.options.logger.debug({ err: String(settleError) }, 'could not settle message; broker will redeliver');
    } finally {
      sub.inFlight--;
    }
  }

  private async deadLetter(queue: string, msg: ConsumeMessage, reason: string): Promise<void> {
    const channel = await this.publisherChannel();
    await new Promise<void>((resolve, reject) => {
      channel.sendToQueue(
        deadLetterQueueOf(queue),
        msg.content,
        {
          persistent: true,
          messageId: msg.properties.messageId,
          contentType: msg.properties.contentType,
          headers: { ...(msg.properties.headers ?? {}), 'x-dead-reason': reason, 'x-original-queue': queue },
        },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
  }
}

/** The request properties of an event its publisher waits for an answer to (direct reply-to). */
function requestProperties(
  options: PublishOptions | undefined,
  id: string,
): { replyTo?: string; correlationId?: string } {
  const correlationId = options?.requests?.get(id);
  return correlationId ? { replyTo: DIRECT_REPLY_TO, correlationId } : {};
}

/**
 * The trace a delivery continues: the instrumentation's consume span when amqplib is instrumented
 * (it made it from the headers), else the traceparent the message carries.
 */
function deliveryContext(msg: ConsumeMessage) {
  const active = context.active();
  return trace.getSpan(active) ? active : propagation.extract(active, msg.properties.headers ?? {});
}
