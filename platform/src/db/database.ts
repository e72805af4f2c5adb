import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { ServiceName } from '@leadmarket/contracts';

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
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The schema a service owns: its name with '-' as '_'. */
export const schemaOf = (service: ServiceName): string => service.replace(/-/g, '_');

function scoped(root: Kysely<any>, service: ServiceName): Kysely<any> {
  return root.withSchema(schemaOf(service));
}

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  applicationName?: string;
}

export function createPostgresDatabase({
  url,
  poolSize = 20,
  applicationName = 'leadmarket',
}: PostgresOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: applicationName });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const root = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    root,
    forService: (service) => scoped(root, service),
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString: url, application_name: `${applicationName}-listen` });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel) onNotify(msg.payload ?? '');
      });
      await client.query(`LISTEN "${channel}"`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async ping() {
      await sql`select 1`.execute(root);
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
      await root.destroy();
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
    async listen(channel, onNotify) {
      const unsubscribe = await lite.listen(channel, onNotify);
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
