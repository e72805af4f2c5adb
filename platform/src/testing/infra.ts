import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RabbitMqEventBus } from '../bus/rabbitmq.js';
import { createInfra, type Infra } from '../infra.js';
import { createLogger, type Logger } from '../logger.js';

/** True when the tests talk to real PostgreSQL, RabbitMQ and Redis (all three URLs set). */
export const realServersConfigured = (env = process.env) => Boolean(env.DATABASE_URL && env.AMQP_URL && env.REDIS_URL);

export interface TestInfra extends Infra {
  real: boolean;
  /** The private database of this test stack (real mode). */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export const testLogger = (): Logger => createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

/**
 * Infra for one test file: real servers when configured (a private database, a private
 * exchange and queues, a private Redis key prefix — so files run in parallel and leave nothing
 * behind), else the embedded adapters.
 */
export async function createTestInfra(logger: Logger = testLogger()): Promise<TestInfra> {
  if (!realServersConfigured()) {
    const infra = await createInfra({ logger });
    return { ...infra, real: false, cleanup: () => infra.close() };
  }
  const suffix = randomBytes(5).toString('hex');
  const namespace = `t${suffix}`;
  const adminUrl = process.env.DATABASE_URL!;
  const dbName = `lm_test_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const infra = await createInfra({
    databaseUrl: url.toString(),
    amqpUrl: process.env.AMQP_URL,
    redisUrl: process.env.REDIS_URL,
    namespace,
    logger,
    poolSize: 10,
  });
  return {
    ...infra,
    real: true,
    databaseUrl: url.toString(),
    async cleanup() {
      if (infra.bus instanceof RabbitMqEventBus) await infra.bus.deleteTopology().catch(() => {});
      await infra.close();
      const redis = new Redis(process.env.REDIS_URL!);
      const keys = await redis.keys(`${namespace}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${dbName} with (force)`);
      await drop.end();
    },
  };
}
