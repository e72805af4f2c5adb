import {
  EVENT_SCHEMAS,
  type EventData,
  type EventEnvelope,
  type EventType,
  type ServiceName,
} from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import { InvalidMessageError, type EventBus, type Subscription } from '../bus/event-bus.js';
import type { Database } from '../db/database.js';
import type { KeyValueStore } from '../kv/key-value-store.js';
import type { Logger } from '../logger.js';
import { contextFromTraceparent, runWithCorrelation, SpanKind, withSpan } from '../telemetry.js';
import { backoffMs, isTransientError, withDeadline } from '../transient.js';
import { appendToOutbox, type NewEvent } from './outbox.js';

/** The tables a service context's `db` knows (`any` for an untyped context). */
export type TablesOf<S> = S extends { db: Kysely<infer DB> } ? DB : any;

/**
 * What a handler gets besides its event: the transaction its effect and the inbox record share,
 * and its service's context `S` (config, clients, public base URL, wake-ups), as medusa's
 * subscribers receive their container. `trx` knows the tables of `S['db']` (the service's typed
 * database, e.g. `ScreeningDatabase`); the runner itself is untyped.
 */
export interface ConsumerContext<S = unknown> {
  /** The service's schema-scoped transaction; commit happens after the handler returns. */
  trx: Kysely<TablesOf<S>>;
  /** Write follow-up events in the same transaction. */
  emit(events: NewEvent[]): Promise<void>;
  /** Run after commit (side effects outside the database, e.g. waking a waiting request). */
  afterCommit(fn: () => void | Promise<void>): void;
  log: Logger;
  /** The process's key-value store (dedupe fast paths, rate counters). */
  kv: KeyValueStore;
  /** The service's own context, built once per service instance (ServiceDefinition.context). */
  service: S;
}

/** One event type and its handler; a service lists its consumers in src/consumers/index.ts. */
export interface ConsumerDefinition<T extends EventType = any, S = any> {
  event: T;
  handle(event: EventEnvelope<EventData<T>>, ctx: ConsumerContext<S>): Promise<void>;
}

/** Declare a consumer with its event's data typed (one that needs nothing of its service's context). */
export const defineConsumer = <T extends EventType>(def: ConsumerDefinition<T>): ConsumerDefinition<T> => def;

/**
 * `defineConsumer` for a service whose handlers use its context `S` (and, through `S['db']`, its
 * typed tables): `export const defineScreeningConsumer = consumerOf<ScreeningContext>()`.
 */
export const consumerOf =
  <S>() =>
  <T extends EventType>(def: ConsumerDefinition<T, S>): ConsumerDefinition<T, S> =>
    def;

export interface ConsumerRunnerOptions {
  database: Database;
  service: ServiceName;
  bus: EventBus;
  logger: Logger;
  consumers: ConsumerDefinition[];
  queue: string;
  prefetch?: number;
  maxAttempts?: number;
  kv: KeyValueStore;
  /** The service's context, handed to every handler as `ctx.service`. */
  context?: unknown;
  /** One handler run (its transaction included) longer than this is abandoned and retried. */
  handlerDeadlineMs?: number;
  /**
   * How long an event is retried in place while its failures are transient (database down, a
   * timeout): the consumer holds it, and with it its prefetch, so it pauses instead of
   * dead-lettering valid work. After this the message goes back to the queue.
   */
  transientRetryMs?: number;
}

const DEFAULT_HANDLER_DEADLINE_MS = 30_000;
const DEFAULT_TRANSIENT_RETRY_MS = 15 * 60_000;

/**
 * Subscribe a service's queue and run each event through the idempotent inbox: the event id is
 * recorded in the same transaction as the handler's effect, so a redelivery changes nothing.
 * Data that fails its schema is dead-lettered with the reason; the consumer goes on.
 */
export async function startConsumers(options: ConsumerRunnerOptions): Promise<Subscription | undefined> {
  const { consumers, service, bus, logger } = options;
  if (consumers.length === 0) return undefined;
  const byType = new Map<string, ConsumerDefinition>();
  for (const c of consumers) {
    if (byType.has(c.event)) throw new Error(`${service} has two consumers of ${c.event}`);
    byType.set(c.event, c);
  }
  const db = options.database.forService(service);
  const handlerDeadlineMs = options.handlerDeadlineMs ?? DEFAULT_HANDLER_DEADLINE_MS;
  const transientRetryMs = options.transientRetryMs ?? DEFAULT_TRANSIENT_RETRY_MS;
  let closing = false;
  let wakeSleepers = (): void => {};

  /** Run `once` until it succeeds, retrying transient failures with capped back-off (not past shutdown). */
  const untilNotTransient = async (envelope: EventEnvelope, once: () => Promise<void>): Promise<void> => {
    const started = Date.now();
    for (let retry = 1; ; retry++) {
      try {
        return await once();
      } catch (err) {
        if (!isTransientError(err) || closing || Date.now() - started > transientRetryMs) throw err;
        const delay = backoffMs(retry, 200, 15_000);
        logger.warn(
          { err: String(err), event_id: envelope.id, type: envelope.type, retry, delay_ms: delay },
          'consumer paused by a transient failure; retrying',
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          const previous = wakeSleepers;
          wakeSleepers = () => {
            clearTimeout(timer);
            resolve();
            previous();
          };
        });
      }
    }
  };

  const subscription = await bus.subscribe(
    {
      queue: options.queue,
      eventTypes: [...byType.keys()],
      prefetch: options.prefetch,
      maxAttempts: options.maxAttempts,
    },
    async (envelope, { attempt }) => {
      const consumer = byType.get(envelope.type);
      if (!consumer) throw new InvalidMessageError(`no consumer for ${envelope.type} in ${service}`);
      const schema = EVENT_SCHEMAS[envelope.type as EventType];
      const parsed = schema.safeParse(envelope.data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new InvalidMessageError(`invalid ${envelope.type} data: ${issue?.path.join('.')} ${issue?.message}`);
      }
      const event = { ...envelope, data: parsed.data };
      let afterCommit: Array<() => void | Promise<void>> = [];
      const runOnce = () => {
        afterCommit = [];
        return withDeadline(handleOnce(), handlerDeadlineMs, `handling ${envelope.type}`);
      };
      const handleOnce = () =>
        runWithCorrelation(envelope.correlation_id, () =>
          withSpan(
            `consume ${envelope.type}`,
            {
              parent: contextFromTraceparent(envelope.traceparent),
              kind: SpanKind.CONSUMER,
              attributes: {
                'messaging.message.id': envelope.id,
                'leadmarket.service': service,
                'leadmarket.attempt': attempt,
              },
            },
            async () => {
              await db.transaction().execute(async (trx) => {
                const recorded = await trx
                  .insertInto('inbox')
                  .values({ event_id: envelope.id, consumer: service, type: envelope.type })
                  .onConflict((oc) => oc.doNothing())
                  .returning('event_id')
                  .executeTakeFirst();
                if (!recorded) return; // already handled: a redelivery
                await consumer.handle(event, {
                  trx,
                  emit: async (events) => {
                    await appendToOutbox(trx, service, events);
                  },
                  afterCommit: (fn) => afterCommit.push(fn),
                  log: logger,
                  kv: options.kv,
                  service: options.context,
                });
              });
            },
          ),
        );
      await untilNotTransient(envelope, runOnce);
      for (const fn of afterCommit) {
        try {
          await fn();
        } catch (err) {
          logger.warn({ err: String(err) }, 'after-commit hook failed');
        }
      }
    },
  );
  return {
    async close() {
      // Held (paused) events go back to the queue now rather than after their back-off.
      closing = true;
      wakeSleepers();
      await subscription.close();
    },
  };
}
