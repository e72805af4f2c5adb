import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { ServiceName } from '@leadmarket/contracts';
import type { Logger } from '../logger.js';
import { withDeadline } from '../transient.js';
import { coalesceStatements } from './coalesced-statements.js';
import { isBeginWith, sendBeginWith } from './begin-with.js';
import { forgetStatement, namedStatementOf } from './prepared.js';
import { HealingListener, type ListenOptions } from './listener.js';

export type { ListenOptions } from './listener.js';

/** Integers and sums come back as JS numbers (money is integer cents, far below 2^53). */
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

/**
 * One PostgreSQL, real (pg) or embedded (PGlite), shared by the services of a process.
 * Each service sees only its own schema through `forService`.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** Kysely without a schema: platform use only (creating schemas, health checks). */
  readonly root: Kysely<any>;
  /** Kysely whose unqualified tables resolve to the service's own schema. */
  forService(service: ServiceName): Kysely<any>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function once subscribed, or once the first
   * attempt failed. A lost connection is reopened and subscribed again by itself (see listener.ts);
   * `options.onConnectionChange` hears of each loss and return.
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The schema a service owns: its name with '-' as '_'. */
export const schemaOf = (service: ServiceName): string => service.replace(/-/g, '_');

function scoped(root: Kysely<any>, service: ServiceName): Kysely<any> {
  return root.withSchema(schemaOf(service));
}

/**
 * How long the database may take before a connection is presumed dead. A server that is down
 * refuses at once; a blackholed one (packets dropped, no reset) would otherwise hang a pass forever.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server-side statement_timeout. A query still unanswered 5 s later has its connection destroyed. */
  statementMs: number;
  /** Server-side idle_in_transaction_session_timeout: a transaction left open by a dead client is ended. */
  idleInTransactionMs: number;
  /** TCP keepalive initial delay, so the kernel notices a peer that vanished. */
  keepAliveMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
  keepAliveMs: 10_000,
};

/** How often an idle LISTEN connection is pinged, so a silent one is found and replaced. */
const LISTEN_PING_INTERVAL_MS = 10_000;

/** A readiness ping longer than this counts as "database unreachable". */
const PING_DEADLINE_MS = 3000;

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where connection errors are reported (they never crash the process). */
  logger?: Logger;
}

/** pg client options carrying the timeouts and keepalive. */
function clientConfig(url: string, applicationName: string, t: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: t.keepAliveMs,
  };
}

/**
 * Give a client a permanent error listener (pg-pool only listens while a client is idle, so a
 * socket error on a checked-out client used to crash the process) and a client-side deadline per
 * query: past it the socket is destroyed, the query fails, and the pool drops the client and opens
 * a fresh one. pg's own query_timeout would leave the dead connection in the pool.
 */
function guardClient(client: pg.Client, deadlineMs: number, logger?: Logger): void {
  client.on('error', (err) => logger?.warn({ err: String(err) }, 'database connection error; it will be replaced'));
  const query = sendPreparedNamed(client.query.bind(client) as (...args: unknown[]) => unknown);
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result; // callback and cursor forms: left as they are
    const timer = setTimeout(() => {
      const stream = (client as unknown as { connection?: { stream?: { destroy(err?: Error): void } } }).connection
        ?.stream;
      stream?.destroy(new Error(`Connection terminated: no answer to a query within ${deadlineMs} ms`));
    }, deadlineMs);
    return result.finally(() => clearTimeout(timer));
  };
  // BEGIN and the outbox write ride with their neighbours (coalesced-statements.ts); each send keeps its deadline.
  (client as { query: unknown }).query = coalesceStatements(
    client.query.bind(client) as (...args: unknown[]) => unknown,
  );
}

/**
 * A statement whose text `prepared` registered goes out as a named prepared statement (parsed once
 * per connection); everything else as it is. If PostgreSQL refuses the prepared statement's cached
 * plan (SQLSTATE 0A000: a migration changed a table's row type under this process), the text is sent
 * unnamed from then on, and this call again unnamed.
 */
function sendPreparedNamed(query: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    const [text, values] = args;
    if (isBeginWith(text)) {
      // BEGIN and a statement with parameters in one write (begin-with.ts). A refused cached plan
      // aborts the transaction either way: the text goes unnamed from the next call on.
      const statement = text.beginWith;
      return sendBeginWith(query, { ...statement, name: namedStatementOf(statement.text) }).catch(
        (err: { code?: unknown }) => {
          if (err?.code === '0A000') forgetStatement(statement.text);
          throw err;
        },
      );
    }
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values) ? namedStatementOf(text) : undefined;
    if (!name) return query(...args);
    return (query({ name, text, values }) as Promise<unknown>).catch((err: { code?: unknown }) => {
      if (err?.code !== '0A000') throw err;
      forgetStatement(text as string);
      return query(text, values);
    });
  };
}

export function createPostgresDatabase({
  url,
  poolSize = 20,
  applicationName = 'leadmarket',
  timeouts,
  logger,
}: PostgresOptions): Database {
  const t = { ...DEFAULT_DATABASE_TIMEOUTS, ...timeouts };
  const queryDeadlineMs = t.statementMs + 5000;
  const pool = new pg.Pool({ ...clientConfig(url, applicationName, t), max: poolSize });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => guardClient(client, queryDeadlineMs, logger));
  const root = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<HealingListener>();
  return {
    kind: 'postgres',
    root,
    forService: (service) => scoped(root, service),
    async listen(channel, onNotify, options) {
      const listener = new HealingListener({
        config: clientConfig(url, `${applicationName}-listen`, t),
        channel,
        onNotify,
        onConnectionChange: options?.onConnectionChange,
        logger,
        pingIntervalMs: LISTEN_PING_INTERVAL_MS,
        pingDeadlineMs: t.connectMs,
      });
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop(t.connectMs);
      };
    },
    async ping() {
      await withDeadline(sql`select 1`.execute(root), PING_DEADLINE_MS, 'database ping');
    },
    async close() {
      // A blackholed server never answers the goodbye: do not let it hold the shutdown.
      await Promise.all([...listeners].map((l) => l.stop(t.connectMs)));
      await withDeadline(root.destroy(), t.connectMs, 'closing the database pool').catch(() => {});
    },
  };
}

/** Embedded PostgreSQL (WebAssembly). `dataDir` undefined keeps everything in memory (tests). */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, { parsers: { 20: Number, 1700: Number } });
  // PGlite has one connection; the dialect queues transactions on it, so one Kysely serves all services.
  const root = new Kysely<any>({ dialect: new PGliteDialect(lite) });
  return {
    kind: 'pglite',
    root,
    forService: (service) => scoped(root, service),
    async listen(channel, onNotify, options) {
      // One in-process connection: it cannot be lost.
      const unsubscribe = await lite.listen(channel, onNotify);
      options?.onConnectionChange?.(true);
      return async () => {
        await unsubscribe();
      };
    },
    async ping() {
      await lite.query('select 1');
    },
    async close() {
      await root.destroy();
    },
  };
}
