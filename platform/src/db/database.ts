import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { ServiceName } from '@leadmarket/contracts';
import type { Logger } from '../logger.js';
import { withDeadline } from '../transient.js';
import { HealingListener, type ListenOptions } from './listener.js';
import { kyselyPool } from './pooled-client.js';
import type { AnySchemaDb, AnySchemaTables } from './any-schema.js';

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
  readonly root: AnySchemaDb;
  /** Kysely whose unqualified tables resolve to the service's own schema. */
  forService(service: ServiceName): AnySchemaDb;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function once subscribed, or once the first
   * attempt failed. A lost connection is reopened and subscribed again by itself (see listener.ts);
   * `options.onConnectionChange` hears of each loss and return.
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Run `work` on one connection held for the whole call (a session advisory lock and what it
   * guards). It is opened on the session URL when one is given: a pooler in transaction mode hands
   * each transaction any server connection, so a session lock taken through it would leak.
   */
  session<T>(work: (connection: AnySchemaDb) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The schema a service owns: its name with '-' as '_'. */
export const schemaOf = (service: ServiceName): string => service.replace(/-/g, '_');

function scoped(root: AnySchemaDb, service: ServiceName): AnySchemaDb {
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
  /**
   * PostgreSQL itself (or a session-mode pool) for what needs a session of its own: LISTEN and the
   * migration lock, when `url` is PgBouncer in transaction mode (docs/adr/0038). Default: `url`.
   */
  sessionUrl?: string;
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

export function createPostgresDatabase({
  url,
  sessionUrl,
  poolSize = 20,
  applicationName = 'leadmarket',
  timeouts,
  logger,
}: PostgresOptions): Database {
  const t = { ...DEFAULT_DATABASE_TIMEOUTS, ...timeouts };
  const queryDeadlineMs = t.statementMs + 5000;
  const pool = new pg.Pool({ ...clientConfig(url, applicationName, t), max: poolSize });
  // An idle client's error (server restart) must not crash the process; the pool replaces it. pg-pool
  // listens only while a client is idle, so each client also gets a listener of its own.
  pool.on('error', () => {});
  pool.on('connect', (client) =>
    client.on('error', (err) => logger?.warn({ err: String(err) }, 'database connection error; it will be replaced')),
  );
  const root = new Kysely<AnySchemaTables>({
    dialect: new PostgresDialect({ pool: kyselyPool(pool, queryDeadlineMs, logger) }),
  });
  const listeners = new Set<HealingListener>();
  return {
    kind: 'postgres',
    root,
    forService: (service) => scoped(root, service),
    async listen(channel, onNotify, options) {
      const listener = new HealingListener({
        config: clientConfig(sessionUrl ?? url, `${applicationName}-listen`, t),
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
    async session(work) {
      if (!sessionUrl) return root.connection().execute(work);
      const direct = new Kysely<AnySchemaTables>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ ...clientConfig(sessionUrl, `${applicationName}-session`, t), max: 1 }),
        }),
      });
      try {
        return await direct.connection().execute(work);
      } finally {
        await withDeadline(direct.destroy(), t.connectMs, 'closing a session connection').catch(() => {});
      }
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
  const root = new Kysely<AnySchemaTables>({ dialect: new PGliteDialect(lite) });
  return {
    kind: 'pglite',
    root,
    forService: (service) => scoped(root, service),
    session: (work) => work(root),
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
