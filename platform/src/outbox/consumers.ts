import {
  EVENT_SCHEMAS,
  type EventData,
  type EventEnvelope,
  type EventType,
  type ServiceName,
} from '@leadmarket/contracts';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import { prepared } from '../db/prepared.js';
import {
  DEFAULT_PREFETCH,
  InvalidMessageError,
  type DeliveryInfo,
  type EventBus,
  type Subscription,
} from '../bus/event-bus.js';
import type { Database } from '../db/database.js';
import type { KeyValueStore } from '../kv/key-value-store.js';
import type { Logger } from '../logger.js';
import { context, type Context } from '@opentelemetry/api';
import { consumerDuration, consumerRedeliveries } from '../metrics.js';
import { runWithCorrelation, withSpan } from '../telemetry.js';
import { backoffMs, isTransientError, withDeadline } from '../transient.js';
import {
  buildEnvelope,
  handOffAfterCommit,
  handOffCommitted,
  insertOutboxRowsOf,
  outboxRowsOf,
  writeOutbox,
  type NewEvent,
  type OutboxRows,
} from './outbox.js';
import type { AnySchemaDb, AnySchemaTables } from '../db/any-schema.js';

/** The tables a service context's `db` knows (any schema's for an untyped context). */
export type TablesOf<S> = S extends { db: Kysely<infer DB> } ? DB : AnySchemaTables;

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
  /**
   * Answer the process that published this event as a request (request–reply over the bus), once
   * this transaction has committed; nothing when nobody asked (the event alone is the durable path).
   */
  reply(body: unknown): void;
  log: Logger;
  /** The process's key-value store (dedupe fast paths, rate counters). */
  kv: KeyValueStore;
  /** The service's own context, built once per service instance (ServiceDefinition.context). */
  service: S;
}

/**
 * What a batch handler gets: the batch's transaction and its service's context as a handler's, with
 * its follow-up events and answers each written for the event they follow (its correlation id and trace).
 */
export interface BatchConsumerContext<S = unknown> extends Omit<ConsumerContext<S>, 'emit' | 'reply'> {
  /** Write `source`'s follow-up events in the same transaction. */
  emit(source: EventEnvelope, events: NewEvent[]): Promise<void>;
  /** Answer `source`'s publisher once this transaction has committed (ConsumerContext.reply). */
  reply(source: EventEnvelope, body: unknown): void;
}

/** One event type and its handler; a service lists its consumers in src/consumers/index.ts. */
export interface ConsumerDefinition<T extends EventType = EventType, S = unknown> {
  event: T;
  handle(event: EventEnvelope<EventData<T>>, ctx: ConsumerContext<S>): Promise<void>;
  /**
   * Optional: several new events of this type at once, in delivery order, with the effect `handle`
   * would have had on each in turn — set-based statements (one UPDATE … FROM for the lot) instead of
   * one round trip per event. The runner hands it each run of two or more consecutive new events of
   * this type in a batch (redeliveries the inbox skipped are never among them); a lone event, and every
   * event of a batch that failed (handled again one at a time), goes to `handle`, so a poison event
   * still fails alone.
   */
  handleBatch?(events: Array<EventEnvelope<EventData<T>>>, ctx: BatchConsumerContext<S>): Promise<void>;
  /**
   * Where the handlers' effects go before their transaction commits (docs/adr/0057). The default,
   * 'anywhere', is for a handler with any effect the transaction cannot take back (`ctx.kv`, a call to
   * another system): the batch's inbox rows are written first, so a redelivery never reaches it.
   * 'transaction-only' declares that everything it does before commit is in `trx` (the rest in
   * `afterCommit`, `reply`, `emit`), so it may run on a redelivery whose transaction is then rolled
   * back: a batch of such consumers writes its inbox rows after the handlers, in one statement with
   * its outbox rows, a round trip fewer. Its `ctx.kv` refuses every call.
   */
  effects?: 'anywhere' | 'transaction-only';
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
  /**
   * Up to this many deliveries from the prefetch are handled in one transaction with their inbox
   * rows, and acked after its commit. A batch that fails is handled again one event at a time, so a
   * poison event is dead-lettered alone and never takes its neighbours with it. 1 turns batching off.
   */
  batchSize?: number;
  /** Batches in flight at once (each its own transaction). */
  concurrentBatches?: number;
}

const DEFAULT_HANDLER_DEADLINE_MS = 30_000;
const DEFAULT_TRANSIENT_RETRY_MS = 15 * 60_000;
const DEFAULT_BATCH_SIZE = 16;
const DEFAULT_CONCURRENT_BATCHES = 2;

/** A delivery waiting for its batch: the bus acks it when `settle` resolves, and retries or dead-letters it when it rejects. */
interface Pending {
  envelope: EventEnvelope;
  event: EventEnvelope<EventData<EventType>>;
  consumer: ConsumerDefinition;
  attempt: number;
  /** Where to answer, when its publisher waits for an answer. */
  replyTo?: DeliveryInfo['replyTo'];
  /** The trace the bus delivered it in (the broker hop's consume span, or the event's own trace). */
  trace: Context;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * A batch's inbox rows in one statement, whatever its size (arrays through unnest); the ids it
 * returns are the events not handled before.
 */
const recordInInbox = prepared((db: AnySchemaDb, p: InboxRows) => insertInboxRows(db, p));

/** The batch's inbox rows, named apart from the outbox rows' columns (one statement takes both). */
interface InboxRows {
  eventIds: string[];
  eventTypes: string[];
  consumer: string;
}

const insertInboxRows = (db: QueryCreator<AnySchemaTables>, p: InboxRows) =>
  db
    .insertInto('inbox')
    .columns(['event_id', 'consumer', 'type'])
    .expression(
      sql`select e, ${p.consumer}::text, t from unnest(${p.eventIds}::uuid[], ${p.eventTypes}::text[]) as u(e, t)`,
    )
    .onConflict((oc) => oc.doNothing())
    .returning('event_id');

/**
 * `recordInInbox` and the batch's outbox rows in one statement, for a batch handled before its
 * inbox rows are written; both data-modifying CTEs always run, whatever the select reads.
 */
const recordInInboxWithOutbox = prepared((db: AnySchemaDb, p: InboxRows & OutboxRows) =>
  db
    .with('recorded', (w) => insertInboxRows(w, p))
    .with('written', (w) => insertOutboxRowsOf(w, p).returning('id'))
    .selectFrom('recorded')
    .select('event_id'),
);

/**
 * `ctx.kv` of a consumer declared 'transaction-only': a key-value write could not be rolled back with
 * the transaction, so using it is a wrong declaration; every call fails (and is logged as such).
 */
const refusedKv = (logger: Logger, service: ServiceName): KeyValueStore =>
  new Proxy({} as KeyValueStore, {
    get: (_target, method) => () => {
      const err = new Error(`a consumer of ${service} declared 'transaction-only' called ctx.kv.${String(method)}`);
      logger.error({ err: err.message }, 'a consumer declared transaction-only used the key-value store');
      return Promise.reject(err);
    },
  });

/**
 * Subscribe a service's queue and run each event through the idempotent inbox: the event id is
 * recorded in the same transaction as the handler's effect, so a redelivery changes nothing.
 * Deliveries that arrive together are handled in batches (one transaction, one inbox statement, one
 * outbox statement — a single one for both when every consumer of the batch is 'transaction-only'),
 * each acked only after its batch commits. Data that fails its schema is
 * dead-lettered alone with the reason; the consumer goes on.
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
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const concurrentBatches = Math.max(1, options.concurrentBatches ?? DEFAULT_CONCURRENT_BATCHES);
  const kvRefused = refusedKv(logger, service);
  let closing = false;
  let wakeSleepers = (): void => {};

  /** Run `once` until it succeeds, retrying transient failures with capped back-off (not past shutdown). */
  const untilNotTransient = async <T>(what: EventEnvelope[], once: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    for (let retry = 1; ; retry++) {
      try {
        return await once();
      } catch (err) {
        if (!isTransientError(err) || closing || Date.now() - started > transientRetryMs) throw err;
        const delay = backoffMs(retry, 200, 15_000);
        logger.warn(
          { err: String(err), event_id: what[0]?.id, type: what[0]?.type, events: what.length, retry, delay_ms: delay },
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

  /** Run one handler inside its event's correlation id and a span of its own, in the trace it was delivered in. */
  const invoke = (item: Pending, ctx: ConsumerContext) => {
    const stopTimer = consumerDuration.startTimer({ service, event_type: item.envelope.type });
    return runWithCorrelation(item.envelope.correlation_id, () =>
      withSpan(
        `handle ${item.envelope.type}`,
        {
          parent: item.trace,
          attributes: {
            'messaging.message.id': item.envelope.id,
            'leadmarket.service': service,
            'leadmarket.attempt': item.attempt,
          },
        },
        () => item.consumer.handle(item.event, ctx),
      ),
    ).then(
      () => void stopTimer({ outcome: 'ok' }),
      (err: unknown) => {
        stopTimer({ outcome: 'error' });
        throw err;
      },
    );
  };

  /** Run a batch handler on a run of events of its type, in one span continuing the first's trace. */
  const invokeBatch = (run: Pending[], ctx: BatchConsumerContext) => {
    const first = run[0]!;
    const stopTimer = consumerDuration.startTimer({ service, event_type: first.envelope.type });
    return withSpan(
      `handle ${run.length} ${first.envelope.type}`,
      {
        parent: first.trace,
        attributes: {
          'messaging.message.id': first.envelope.id,
          'leadmarket.service': service,
          'messaging.batch.message_count': run.length,
        },
      },
      () =>
        first.consumer.handleBatch!(
          run.map((i) => i.event),
          ctx,
        ),
    ).then(
      () => void stopTimer({ outcome: 'ok' }),
      (err: unknown) => {
        stopTimer({ outcome: 'error' });
        throw err;
      },
    );
  };

  /**
   * A batch of consumers declared 'transaction-only' is handled first with its inbox rows last (one
   * statement with its outbox rows). If that is rolled back (an inbox row existed: a redelivery, rare;
   * or a handler failed, perhaps only because its event had been handled before), nothing of it was
   * written, and the batch is handled again with its inbox rows first, which skips the redeliveries
   * and fails only on a new event's failure. Any other batch has its inbox rows first at once.
   */
  const handleTogether = async (batch: Pending[]): Promise<Array<() => void | Promise<void>>> => {
    const unique = new Map<string, Pending>();
    for (const item of batch) if (!unique.has(item.envelope.id)) unique.set(item.envelope.id, item);
    const items = [...unique.values()];
    if (items.every((i) => i.consumer.effects === 'transaction-only')) {
      try {
        return await inTransaction(items, 'last');
      } catch (err) {
        logger.debug({ err: String(err), events: items.length }, 'batch rolled back; handling it with the inbox first');
      }
    }
    return inTransaction(items, 'first');
  };

  /**
   * One transaction for the whole batch: each new event's handler in turn (a run of consecutive
   * events of a consumer with a batch handler in one call), every event they emitted in one outbox
   * statement, and the inbox rows in one statement, before the handlers (events already recorded are
   * redeliveries and are skipped) or, `inbox: 'last'`, with the outbox rows (an event already
   * recorded rolls the lot back). Returns the after-commit hooks to run once it committed.
   */
  const inTransaction = async (
    items: Pending[],
    inbox: 'first' | 'last',
  ): Promise<Array<() => void | Promise<void>>> => {
    const afterCommit: Array<() => void | Promise<void>> = [];
    await db.transaction().execute(async (trx) => {
      // Everything written in it (the batch's `emit` below and a service's `emit(trx, …)` inside a
      // handler) is handed to the relay once the commit succeeded, before the replies go out, with
      // no NOTIFY: notifying commits of the database go one at a time (ADRs 0053, 0054).
      const committed = handOffAfterCommit(trx);
      afterCommit.push(() => {
        for (const w of committed) handOffCommitted(w);
      });
      const inboxRows = {
        eventIds: items.map((i) => i.envelope.id),
        eventTypes: items.map((i) => i.envelope.type),
        consumer: service,
      };
      let fresh = items;
      if (inbox === 'first') {
        const inserted = await recordInInbox(trx, inboxRows);
        const recorded = new Set(inserted.rows.map((r) => String(r.event_id)));
        // Events already recorded were handled before: redeliveries, skipped.
        fresh = items.filter((i) => recorded.has(i.envelope.id));
      }
      const kv = inbox === 'first' ? options.kv : kvRefused;
      const emitted: EventEnvelope[] = [];
      const byId = new Map(fresh.map((i) => [i.envelope.id, i]));
      const replyAfterCommit = (item: Pending, body: unknown) => {
        const to = item.replyTo;
        if (!to || !bus.reply) return;
        afterCommit.push(() => bus.reply!(to.address, { correlationId: to.correlationId, body }));
      };
      const itemOf = (source: EventEnvelope) => {
        const item = byId.get(source.id);
        if (!item) throw new Error(`event ${source.id} is not one of this batch's`);
        return item;
      };
      const batchContext: BatchConsumerContext = {
        trx,
        // Built with the source event's correlation id and trace, as its own handler would have.
        emit: async (source, events) => {
          const item = itemOf(source);
          emitted.push(
            ...runWithCorrelation(item.envelope.correlation_id, () =>
              context.with(item.trace, () => events.map((e) => buildEnvelope(service, e))),
            ),
          );
        },
        afterCommit: (fn) => afterCommit.push(fn),
        reply: (source, body) => replyAfterCommit(itemOf(source), body),
        log: logger,
        kv,
        service: options.context,
      };
      for (let at = 0; at < fresh.length;) {
        const item = fresh[at]!;
        let end = at + 1;
        if (item.consumer.handleBatch) while (end < fresh.length && fresh[end]!.consumer === item.consumer) end++;
        if (end - at > 1) {
          // Only consecutive events: delivery order across types is kept as one at a time would.
          await invokeBatch(fresh.slice(at, end), batchContext);
          at = end;
          continue;
        }
        at = end;
        await invoke(item, {
          trx,
          // Built now (with this event's correlation id and trace), written with the batch's others below.
          emit: async (events) => {
            emitted.push(...events.map((e) => buildEnvelope(service, e)));
          },
          afterCommit: (fn) => afterCommit.push(fn),
          reply: (body) => replyAfterCommit(item, body),
          log: logger,
          kv,
          service: options.context,
        });
      }
      if (inbox === 'first') {
        const written = await writeOutbox(trx, service, emitted, { handOff: 'by-writer' });
        if (written) committed.push(written);
        return;
      }
      const outbox = outboxRowsOf(service, emitted);
      const recorded = await recordInInboxWithOutbox(trx, { ...inboxRows, ...outbox.rows });
      // An inbox row that existed is a redelivery, handled already: throwing rolls the lot back.
      if (recorded.rows.length < items.length) throw new Error('an event of the batch was handled before');
      if (outbox.handOff) committed.push(outbox.handOff);
    });
    return afterCommit;
  };

  const runAfterCommit = async (hooks: Array<() => void | Promise<void>>) => {
    for (const fn of hooks) {
      try {
        await fn();
      } catch (err) {
        logger.warn({ err: String(err) }, 'after-commit hook failed');
      }
    }
  };

  /** Handle `batch` (transient failures retried in place), then settle each delivery. */
  const handleRetryingInPlace = (batch: Pending[]) =>
    untilNotTransient(
      batch.map((i) => i.envelope),
      () =>
        withDeadline(handleTogether(batch), handlerDeadlineMs, `handling ${batch.length} ${batch[0]!.envelope.type}…`),
    );

  const handleBatch = async (batch: Pending[]): Promise<void> => {
    try {
      const hooks = await handleRetryingInPlace(batch);
      await runAfterCommit(hooks);
      for (const item of batch) item.resolve();
      return;
    } catch (err) {
      // Shutting down, or one event: the bus retries (or dead-letters) as before.
      if (batch.length === 1 || closing) {
        for (const item of batch) item.reject(err);
        return;
      }
      logger.debug({ err: String(err), events: batch.length }, 'batch failed; handling its events one at a time');
    }
    // One at a time, so only the event at fault is retried or dead-lettered.
    for (const item of batch) {
      try {
        await runAfterCommit(await handleRetryingInPlace([item]));
        item.resolve();
      } catch (err) {
        item.reject(err);
      }
    }
  };

  const waiting: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  const pump = (): void => {
    if (scheduled || inFlight >= concurrentBatches || waiting.length === 0) return;
    scheduled = true;
    // Let every delivery that arrived in this turn of the event loop join the batch.
    setImmediate(() => {
      scheduled = false;
      while (inFlight < concurrentBatches && waiting.length > 0) {
        const batch = waiting.splice(0, batchSize);
        inFlight++;
        void handleBatch(batch).finally(() => {
          inFlight--;
          pump();
        });
      }
    });
  };

  const subscription = await bus.subscribe(
    {
      queue: options.queue,
      eventTypes: [...byType.keys()],
      unboundTypes: Object.keys(EVENT_SCHEMAS).filter((type) => !byType.has(type as EventType)),
      // Enough in flight that the next batch fills while one commits (one batch at a time too).
      prefetch: options.prefetch ?? Math.max(DEFAULT_PREFETCH, batchSize * Math.max(2, concurrentBatches)),
      maxAttempts: options.maxAttempts,
    },
    async (envelope, { attempt, replyTo }) => {
      const consumer = byType.get(envelope.type);
      if (!consumer) {
        // A type no longer in the contracts (retired): an event still in flight from before, or a
        // binding left from an older version, means nothing now. Acknowledged, never dead-lettered.
        if (!Object.hasOwn(EVENT_SCHEMAS, envelope.type)) {
          logger.info({ event_type: envelope.type, event_id: envelope.id }, 'ignoring an event of a retired type');
          return;
        }
        throw new InvalidMessageError(`no consumer for ${envelope.type} in ${service}`);
      }
      const schema = EVENT_SCHEMAS[envelope.type as EventType];
      const parsed = schema.safeParse(envelope.data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new InvalidMessageError(`invalid ${envelope.type} data: ${issue?.path.join('.')} ${issue?.message}`);
      }
      if (attempt > 1) consumerRedeliveries.inc({ service, event_type: envelope.type });
      return new Promise<void>((resolve, reject) => {
        waiting.push({
          envelope,
          event: { ...envelope, data: parsed.data },
          consumer,
          attempt,
          replyTo,
          trace: context.active(),
          resolve,
          reject,
        });
        pump();
      });
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
