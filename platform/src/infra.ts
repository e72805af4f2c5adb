import type { EventBus } from './bus/event-bus.js';
import { InProcessEventBus } from './bus/in-process.js';
import { RabbitMqEventBus } from './bus/rabbitmq.js';
import { createPgliteDatabase, createPostgresDatabase, type Database, type DatabaseTimeouts } from './db/database.js';
import type { KeyValueStore } from './kv/key-value-store.js';
import { MemoryKeyValueStore } from './kv/memory.js';
import { RedisKeyValueStore } from './kv/redis.js';
import type { Logger } from './logger.js';

/** The three backing services of a process: database, event bus, key-value store. */
export interface Infra {
  database: Database;
  bus: EventBus;
  kv: KeyValueStore;
  namespace: string;
  describe(): string;
  close(): Promise<void>;
}

export interface InfraOptions {
  databaseUrl?: string;
  /** PostgreSQL for LISTEN and the migration lock when databaseUrl is a transaction-mode pooler. */
  databaseSessionUrl?: string;
  amqpUrl?: string;
  redisUrl?: string;
  /** PGlite data directory when no databaseUrl; undefined keeps it in memory. */
  dataDir?: string;
  namespace?: string;
  logger: Logger;
  poolSize?: number;
  applicationName?: string;
  databaseTimeouts?: Partial<DatabaseTimeouts>;
  amqpHeartbeatSeconds?: number;
  /** Start even while the broker is unreachable (the bus connects in the background; not ready meanwhile). */
  waitForBroker?: boolean;
}

/** Real servers where their URLs are given, the embedded adapters otherwise (DESIGN §4). */
export async function createInfra(options: InfraOptions): Promise<Infra> {
  const namespace = options.namespace ?? '';
  const database = options.databaseUrl
    ? createPostgresDatabase({
        url: options.databaseUrl,
        sessionUrl: options.databaseSessionUrl,
        poolSize: options.poolSize,
        applicationName: options.applicationName,
        timeouts: options.databaseTimeouts,
        logger: options.logger,
      })
    : await createPgliteDatabase(options.dataDir);
  const bus: EventBus = options.amqpUrl
    ? await RabbitMqEventBus.connect({
        url: options.amqpUrl,
        namespace,
        logger: options.logger,
        heartbeatSeconds: options.amqpHeartbeatSeconds,
        waitForBroker: options.waitForBroker,
      })
    : new InProcessEventBus();
  const kv: KeyValueStore = options.redisUrl
    ? new RedisKeyValueStore({ url: options.redisUrl, prefix: namespace ? `${namespace}:` : '' })
    : new MemoryKeyValueStore();
  return {
    database,
    bus,
    kv,
    namespace,
    describe: () =>
      `database=${options.databaseUrl ? 'postgres' : `pglite(${options.dataDir ?? 'memory'})`} bus=${options.amqpUrl ? 'rabbitmq' : 'in-process'} kv=${options.redisUrl ? 'redis' : 'memory'}`,
    async close() {
      await bus.close();
      await kv.close();
      await database.close();
    },
  };
}
