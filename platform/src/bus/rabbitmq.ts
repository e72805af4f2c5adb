import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { EventEnvelope } from '@leadmarket/contracts';
import type { Logger } from '../logger.js';
import { decodeEnvelope } from './decode.js';
import {
  deadLetterQueueOf,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_PREFETCH,
  exchangeName,
  InvalidMessageError,
  retryDelayMs,
  type DeadLetter,
  type DeliveryHandler,
  type EventBus,
  type Subscription,
  type SubscriptionSpec,
} from './event-bus.js';

interface ActiveSubscription {
  spec: Required<SubscriptionSpec>;
  handler: DeliveryHandler;
  channel?: Channel;
  consumerTag?: string;
  inFlight: number;
  closed: boolean;
}

export interface RabbitMqOptions {
  url: string;
  namespace?: string;
  logger: Logger;
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
  private backoffMs = 250;
  private closed = false;
  private readonly subscriptions = new Set<ActiveSubscription>();
  private readonly declaredQueues = new Set<string>();
  private readonly exchange: string;

  private constructor(private readonly options: RabbitMqOptions) {
    this.exchange = exchangeName(options.namespace ?? '');
  }

  /** Connect (the first connection must succeed, so a misconfigured URL fails start-up loudly). */
  static async connect(options: RabbitMqOptions): Promise<RabbitMqEventBus> {
    const bus = new RabbitMqEventBus(options);
    await bus.ensureConnected();
    return bus;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    const channel = await this.publisherChannel();
    const body = Buffer.from(JSON.stringify(envelope));
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.exchange,
        envelope.type,
        body,
        {
          persistent: true,
          messageId: envelope.id,
          type: envelope.type,
          contentType: 'application/json',
          timestamp: Math.floor((Date.parse(envelope.occurred_at) || Date.now()) / 1000),
          headers: envelope.traceparent ? { traceparent: envelope.traceparent } : {},
        },
        (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
  }

  async subscribe(spec: SubscriptionSpec, handler: DeliveryHandler): Promise<Subscription> {
    const sub: ActiveSubscription = {
      // `?? `, not spread: callers pass `maxAttempts: undefined`, which a spread would copy over the default (NaN in x-delivery-limit).
      spec: {
        ...spec,
        prefetch: spec.prefetch ?? DEFAULT_PREFETCH,
        maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        transient: spec.transient ?? false,
      },
      handler,
      inFlight: 0,
      closed: false,
    };
    this.subscriptions.add(sub);
    if (this.connection) await this.attach(sub);
    return {
      close: async () => {
        sub.closed = true;
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

  async ping(): Promise<void> {
    if (!this.connection || !this.publisher) throw new Error('RabbitMQ not connected');
  }

  /** Tests: remove the queues this bus declared (and their dead-letter queues) and its exchange. */
  async deleteTopology(): Promise<void> {
    await this.ensureConnected();
    const channel = await this.connection!.createChannel();
    for (const q of this.declaredQueues) {
      await channel.deleteQueue(q).catch(() => {});
      await channel.deleteQueue(deadLetterQueueOf(q)).catch(() => {});
    }
    await channel.deleteExchange(this.exchange).catch(() => {});
    await channel.close().catch(() => {});
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
    const connection = await amqp.connect(this.options.url, { noDelay: true });
    connection.on('error', (err) => this.options.logger.warn({ err }, 'rabbitmq connection error'));
    connection.on('close', () => this.onDisconnect(connection));
    const publisher = await connection.createConfirmChannel();
    publisher.on('error', (err) => this.options.logger.warn({ err }, 'rabbitmq publisher channel error'));
    publisher.on('close', () => {
      if (this.publisher === publisher) this.publisher = undefined;
    });
    await publisher.assertExchange(this.exchange, 'topic', { durable: true });
    this.connection = connection;
    this.publisher = publisher;
    this.backoffMs = 250;
    for (const sub of this.subscriptions) await this.attach(sub);
  }

  private onDisconnect(connection: ChannelModel): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.publisher = undefined;
    for (const sub of this.subscriptions) {
      sub.channel = undefined;
      sub.consumerTag = undefined;
    }
    if (!this.closed) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.ensureConnected().catch((err) => {
        this.options.logger.warn({ err: String(err) }, 'rabbitmq reconnect failed; retrying');
        this.backoffMs = Math.min(this.backoffMs * 2, 5000);
        this.scheduleReconnect();
      });
    }, this.backoffMs);
    this.reconnectTimer.unref();
  }

  private async attach(sub: ActiveSubscription): Promise<void> {
    if (sub.closed || !this.connection) return;
    const { queue, eventTypes, prefetch, maxAttempts } = sub.spec;
    const channel = await this.connection.createChannel();
    channel.on('error', (err) => this.options.logger.warn({ err, queue }, 'rabbitmq consumer channel error'));
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
    await channel.prefetch(prefetch);
    sub.channel = channel;
    const { consumerTag } = await channel.consume(queue, (msg) => {
      if (msg) void this.handle(sub, channel, msg);
    });
    sub.consumerTag = consumerTag;
  }

  private async handle(sub: ActiveSubscription, channel: Channel, msg: ConsumeMessage): Promise<void> {
    sub.inFlight++;
    const attempt = Number(msg.properties.headers?.['x-delivery-count'] ?? 0) + 1;
    let outcome: 'ack' | 'dead' | 'retry' = 'ack';
    let reason = '';
    try {
      await sub.handler(decodeEnvelope(msg.content.toString()), { attempt });
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      outcome = error instanceof InvalidMessageError || attempt >= sub.spec.maxAttempts ? 'dead' : 'retry';
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
