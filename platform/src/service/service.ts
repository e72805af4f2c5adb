import { functionPath, functionsOf, ROUTES, type EventType, type ServiceName } from '@leadmarket/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventBus, Subscription } from '../bus/event-bus.js';
import type { ServiceClients } from '../clients/service-client.js';
import type { Database } from '../db/database.js';
import { migrateService, type MigrationSet } from '../db/migrate.js';
import { createApp, type ServiceApp } from '../http/app.js';
import type { Infra } from '../infra.js';
import type { KeyValueStore } from '../kv/key-value-store.js';
import type { Logger } from '../logger.js';
import { startConsumers, type ConsumerDefinition } from '../outbox/consumers.js';
import { appendToOutbox, transactionHandingOff, type NewEvent } from '../outbox/outbox.js';
import { OutboxRelay } from '../outbox/relay.js';
import { assertProductionReady, BASE_PRODUCTION_REQUIREMENTS, type ProductionRequirement } from '../production.js';
import { outboxRetentionJob } from '../outbox/retention.js';
import type { BackgroundJob } from './background-job.js';
import { contextFromTraceparent, runWithCorrelation, SpanKind, tracer } from '../telemetry.js';
import { context, trace, type Span } from '@opentelemetry/api';
import { backoffMs, isTransientError, withDeadline } from '../transient.js';
import { RabbitMqEventBus } from '../bus/rabbitmq.js';
import { addScrapeSource, readiness, type ScrapeSample } from '../metrics.js';
import type { AnySchemaDb, AnySchemaTables } from '../db/any-schema.js';

export { intervalJob, wakeableJob, type BackgroundJob } from './background-job.js';

/**
 * Everything a service's routes, consumers and jobs use; built once per service instance.
 * `DB` is the service's typed tables (e.g. `ScreeningDatabase`).
 */
export interface ServiceContext<DB = AnySchemaTables> {
  service: ServiceName;
  /** The process environment (services parse their own variables with loadConfig). */
  env: Record<string, string | undefined>;
  /** Kysely scoped to this service's own schema. */
  db: Kysely<DB>;
  database: Database;
  bus: EventBus;
  kv: KeyValueStore;
  logger: Logger;
  clients: ServiceClients;
  publicBaseUrl: string;
  /** Write events inside `trx` (this service's transaction); published after commit. */
  emit(trx: Kysely<DB>, events: NewEvent[]): Promise<void>;
  /**
   * Run `fn` in a transaction of `db` whose events (`emit`) this process hands to its relay once the
   * commit succeeded, without a NOTIFY, which would make the database's notifying commits go one at
   * a time (docs/adr/0054). Use it for every transaction that emits.
   */
  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
}

/**
 * What a service is: its schema, its context, its routes, its consumers, its jobs. `C` is the
 * service's own context (the platform's plus its config, clients and wake-ups); routes, jobs and
 * consumers (as `ctx.service`) all receive the same one instance.
 */
export interface ServiceDefinition<C extends ServiceContext = ServiceContext> {
  name: ServiceName;
  migrations: MigrationSet;
  /** Build this instance's context once at start-up (parse config, make clients and wake-ups); default: the platform's. */
  context?(base: ServiceContext): C | Promise<C>;
  consumers?: ConsumerDefinition<EventType, C>[];
  /**
   * Consumer batches in flight at once, each its own transaction (default 2). One for a service
   * whose batches all take the same rows: a second batch would only wait for the first's locks.
   */
  consumerBatchesInFlight?: number;
  /** Register `/.netlify/functions/<name>` handlers (the route table's functions of this service) and `/internal/...` routes. */
  register(app: ServiceApp, ctx: C): void | Promise<void>;
  background?(ctx: C): BackgroundJob[];
  /** Variables this service cannot run without under NODE_ENV=production (start-up stops naming them). */
  productionRequirements?: readonly ProductionRequirement[];
  /**
   * Counts of what only a person can settle, by item (say, deliveries whose outcome nobody can
   * establish any more). Never makes the service unready: readiness shows them as `attention`, and
   * the metrics as leadmarket_operator_attention, which an alert watches (docs/runbook.md).
   */
  attention?(ctx: C): Promise<Record<string, number>>;
}

/** Declare a service with its context type inferred from `context`. */
export const defineService = <C extends ServiceContext>(def: ServiceDefinition<C>): ServiceDefinition<C> => def;

/** Everything a service needs in production: the shared ones and its own. */
/** Each request's server span, from its first hook to its response (no field added to Fastify's request). */
const spanOf = new WeakMap<object, Span>();

export const productionRequirementsOf = (def: ServiceDefinition): ProductionRequirement[] => [
  ...BASE_PRODUCTION_REQUIREMENTS,
  ...(def.productionRequirements ?? []),
];

/** What a service instance is built from (buildApp's deps): infrastructure, clients, configuration. */
export interface BuildServiceOptions {
  infra: Infra;
  logger: Logger;
  clients: ServiceClients;
  env?: Record<string, string | undefined>;
  publicBaseUrl: string;
  internalToken?: string;
  relayPollMs?: number;
  /** Tests: do not start consumers when the app is ready (to prove work waits in the queue). */
  startConsumers?: boolean;
}

export interface StartServiceOptions extends BuildServiceOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

/** A service instance built but not listening: `app.ready()` (or `inject`, or `listen`) starts its relay, consumers and jobs; `app.close()` stops them. */
export interface BuiltService<C extends ServiceContext = ServiceContext> {
  name: ServiceName;
  app: ServiceApp;
  ctx: C;
  relay: OutboxRelay;
  /** Start (or restart) this service's consumers. */
  startConsumers(): Promise<void>;
  stopConsumers(): Promise<void>;
}

export interface RunningService<C extends ServiceContext = ServiceContext> extends BuiltService<C> {
  url: string;
  /** Drain in-flight requests and deliveries, then close. */
  stop(): Promise<void>;
}

/** Paths no span is made for. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

/** The queue a service consumes from (namespaced so test stacks can share a broker). */
export const queueOf = (service: ServiceName, namespace: string) =>
  `${namespace ? `${namespace}.` : ''}leadmarket.${service}`;

/**
 * Build a service instance without listening (fastify's testing style: `app.inject`): its context,
 * the app with health checks and every route, and its relay, consumers and jobs wired to the app's
 * lifecycle (started on ready, stopped on close). Its schema must already be migrated.
 * Refuses when a route-table function the service owns has no handler.
 */
export async function buildService<C extends ServiceContext>(
  def: ServiceDefinition<C>,
  options: BuildServiceOptions,
): Promise<BuiltService<C>> {
  const { infra } = options;
  const logger = options.logger.child({ service: def.name });
  const db = infra.database.forService(def.name);
  const base: ServiceContext = {
    service: def.name,
    env: options.env ?? process.env,
    db,
    database: infra.database,
    bus: infra.bus,
    kv: infra.kv,
    logger,
    clients: options.clients,
    publicBaseUrl: options.publicBaseUrl,
    emit: async (trx, events) => {
      await appendToOutbox(trx, def.name, events);
    },
    transaction: (fn) => transactionHandingOff(db, fn),
  };
  const ctx = (def.context ? await def.context(base) : base) as C;

  const env = options.env ?? process.env;
  const app = createApp({
    logger,
    internalToken: options.internalToken,
    service: def.name,
    metrics: { token: env.METRICS_TOKEN, production: env.NODE_ENV === 'production' },
  });
  // Continue the caller's trace and correlation id for everything this request does.
  app.addHook('onRequest', (request, _reply, done) => {
    // Probes and scrapes every few seconds would each be a trace of their own.
    if (UNTRACED.has(request.url)) return runWithCorrelation(request.id, done);
    const parent = contextFromTraceparent(request.headers.traceparent as string | undefined);
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    const span = tracer().startSpan(
      `${def.name} ${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'leadmarket.service': def.name, 'http.route': route } },
      parent,
    );
    spanOf.set(request, span);
    runWithCorrelation(request.id, () => context.with(trace.setSpan(parent, span), done));
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spanOf.get(request);
    span?.setAttribute('http.status_code', reply.statusCode);
    span?.end();
  });

  const relay = new OutboxRelay({
    database: infra.database,
    service: def.name,
    bus: infra.bus,
    logger,
    pollIntervalMs: options.relayPollMs,
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    // Asked beside the checks, so a slow database does not add its deadline to theirs.
    const attentionCounts = def.attention
      ? withDeadline(def.attention(ctx), 2000, 'attention counts').catch(() => undefined)
      : undefined;
    // Each check has a deadline: a blackholed server must turn readiness red, not hang it.
    const checks = await Promise.allSettled([
      withDeadline(infra.database.ping(), 3000, 'database ping'),
      withDeadline(infra.bus.ping(), 3000, 'bus ping'),
      withDeadline(infra.kv.ping(), 3000, 'kv ping'),
    ]);
    const names = ['database', 'bus', 'kv'];
    const failed = checks.flatMap((c, i) => (c.status === 'rejected' ? [names[i]] : []));
    // Dead letters do not make a service unready, but an operator should see them (npm run dlq).
    let deadLetters: number | undefined;
    if (infra.bus instanceof RabbitMqEventBus && !failed.includes('bus') && (def.consumers ?? []).length > 0) {
      deadLetters = await withDeadline(
        infra.bus.deadLetterDepth(queueOf(def.name, infra.namespace)),
        2000,
        'dead-letter depth',
      ).catch(() => undefined);
    }
    const attention = failed.includes('database') ? undefined : await attentionCounts;
    // Working, but slower: events wait for the relay's polling pass until LISTEN is back.
    const degraded = relay.listening ? [] : ['outbox-listen'];
    readiness.set({ service: def.name }, failed.length ? 0 : 1);
    return reply.code(failed.length ? 503 : 200).send({
      status: failed.length ? 'unavailable' : 'ready',
      failed,
      ...(degraded.length ? { degraded } : {}),
      ...(deadLetters === undefined ? {} : { dead_letters: deadLetters }),
      ...(attention === undefined ? {} : { attention }),
    });
  });

  await def.register(app, ctx);
  assertEveryFunctionHandled(app, def.name);

  let subscription: Subscription | undefined;
  const consumerApi = {
    async startConsumers() {
      if (subscription) return;
      subscription = await startConsumers({
        database: infra.database,
        service: def.name,
        bus: infra.bus,
        logger,
        consumers: def.consumers ?? [],
        concurrentBatches: def.consumerBatchesInFlight,
        queue: queueOf(def.name, infra.namespace),
        kv: infra.kv,
        context: ctx,
      });
    },
    async stopConsumers() {
      await subscription?.close();
      subscription = undefined;
    },
  };
  const jobs = [...(def.background?.(ctx) ?? []), outboxRetentionJob(ctx.db, ctx.env, logger)];
  let stopScrapes = (): void => {};
  app.addHook('onReady', async () => {
    stopScrapes = addScrapeSource(def.name, () => scrapeSample(def, infra, ctx));
    await relay.start();
    if (options.startConsumers !== false) await consumerApi.startConsumers();
    for (const job of jobs) job.start();
  });
  // Registered before listen, so it runs after the server stopped taking requests and the
  // in-flight ones finished: then deliveries in progress finish and the loops stop.
  app.addHook('onClose', async () => {
    stopScrapes();
    await consumerApi.stopConsumers();
    await Promise.all(jobs.map((j) => j.stop()));
    await relay.stop();
  });

  return { name: def.name, app, ctx, relay, ...consumerApi };
}

/** A service's queue (when it consumes), outbox and attention counts, as its metrics report them. */
async function scrapeSample<C extends ServiceContext>(
  def: ServiceDefinition<C>,
  infra: Infra,
  ctx: C,
): Promise<ScrapeSample> {
  const db: AnySchemaDb = ctx.db;
  const [queue, outbox, attention] = await Promise.all([
    (def.consumers ?? []).length > 0
      ? withDeadline(infra.bus.depth(queueOf(def.name, infra.namespace)), 2000, 'queue depth')
      : undefined,
    withDeadline(
      db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<string>().as('backlog'),
          sql<string | null>`extract(epoch from now() - min(created_at))`.as('oldest'),
        ])
        .where('processed_at', 'is', null)
        .where('abandoned_at', 'is', null)
        .executeTakeFirstOrThrow(),
      2000,
      'outbox backlog',
    ),
    def.attention ? withDeadline(def.attention(ctx), 2000, 'attention counts').catch(() => undefined) : undefined,
  ]);
  return {
    queueMessages: queue?.messages,
    deadLetters: queue?.deadLetters,
    outboxBacklog: Number(outbox.backlog),
    outboxOldestSeconds: Math.max(0, Number(outbox.oldest ?? 0)),
    attention,
  };
}

/**
 * Migrate, build and listen (which starts the outbox relay, consumers and jobs).
 * `stop` drains in-flight requests and deliveries before closing.
 */
export async function startService<C extends ServiceContext>(
  def: ServiceDefinition<C>,
  options: StartServiceOptions,
): Promise<RunningService<C>> {
  // Before anything else: production with a missing secret never starts (no development fallback).
  assertProductionReady(
    {
      ...(options.env ?? process.env),
      ...(options.internalToken ? { INTERNAL_API_TOKEN: options.internalToken } : {}),
    },
    productionRequirementsOf(def),
  );
  await migrateWhenReachable(
    options.infra.database,
    def.name,
    def.migrations,
    options.logger.child({ service: def.name }),
  );
  const built = await buildService(def, options);
  let address: string;
  try {
    address = await built.app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    await built.app.close().catch(() => {});
    throw error;
  }
  return {
    ...built,
    url: address.replace('[::1]', '127.0.0.1'),
    async stop() {
      await built.app.close();
    },
  };
}

/**
 * Migrate, waiting (bounded back-off, up to about two minutes) while the database is unreachable
 * or another instance holds the migration lock past the statement timeout, so a service started
 * during a database outage (or beside its twin on a busy machine) comes up instead of exiting.
 */
async function migrateWhenReachable(
  database: Database,
  service: ServiceName,
  migrations: MigrationSet,
  logger: Logger,
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateService(database, service, migrations);
    } catch (err) {
      if (!isTransientError(err) || Date.now() - started > 120_000) throw err;
      logger.warn(
        { err: String(err), attempt },
        'database unreachable or migration lock busy at start-up; retrying migrations',
      );
      await new Promise((r) => setTimeout(r, backoffMs(attempt, 500, 5000)));
    }
  }
}

/** The route-table functions `service` owns that `app` has no handler for (each method counted). */
export function unhandledFunctions(app: ServiceApp, service: ServiceName): string[] {
  return functionsOf(service).flatMap((name) =>
    ROUTES[name].methods
      .filter((method) => !app.hasRoute({ method, url: functionPath(name) }))
      .map((method) => `${method} ${name}`),
  );
}

/** Start-up refuses a service that leaves a function of the route table it owns without a handler. */
function assertEveryFunctionHandled(app: ServiceApp, service: ServiceName): void {
  const missing = unhandledFunctions(app, service);
  if (missing.length)
    throw new Error(
      `${service} cannot start: no handler for ${missing.join(', ')} (functions the route table gives it)`,
    );
}
