import { existsSync } from 'node:fs';
import net from 'node:net';
import { realServersConfigured } from './infra.js';

const SERVERS = [
  ['DATABASE_URL', 5432],
  ['AMQP_URL', 5672],
  ['REDIS_URL', 6379],
] as const;

function reachable(url: string, fallbackPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || fallbackPort) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const dockerAvailable = () => existsSync('/var/run/docker.sock') || Boolean(process.env.DOCKER_HOST);

let stopContainers: (() => Promise<void>) | undefined;

/**
 * Decide once per `npm test` which servers the suites talk to, and say so plainly:
 * the URLs from the environment; else testcontainers where a Docker engine exists; else the
 * embedded adapters (and a list of what could not run). Under CI an unreachable server fails.
 */
export async function setup(): Promise<void> {
  const ci = process.env.CI === 'true';
  // Cheap password hashes for the suite (scrypt N=2^10 instead of 2^16; PASSWORD_HASH_COST in the
  // README): hundreds of signups and logins would otherwise spend minutes of a 2-core machine in
  // scrypt. Every test worker and every service a test starts inherits it.
  process.env.PASSWORD_HASH_COST ??= '10';
  // Some but not all URLs set is a mistake (a typo, a forgotten export), never a choice: running
  // everything embedded would hide it, so say which are missing and stop.
  const set = SERVERS.filter(([name]) => process.env[name]).map(([name]) => name);
  if (set.length > 0 && set.length < SERVERS.length) {
    const missing = SERVERS.filter(([name]) => !process.env[name]).map(([name]) => name);
    throw new Error(
      `[leadmarket tests] ${set.join(', ')} set but ${missing.join(', ')} not: set all three for the real servers, or none for the embedded adapters`,
    );
  }
  if (!realServersConfigured() && !ci && dockerAvailable() && process.env.LEADMARKET_NO_CONTAINERS !== '1') {
    try {
      stopContainers = await startContainers();
    } catch (error) {
      console.warn(`[leadmarket tests] Docker found but containers did not start: ${(error as Error).message}`);
    }
  }
  if (realServersConfigured()) {
    const down: string[] = [];
    for (const [name, port] of SERVERS)
      if (!(await reachable(process.env[name]!, port))) down.push(`${name}=${process.env[name]}`);
    if (down.length) throw new Error(`[leadmarket tests] configured servers are unreachable: ${down.join(', ')}`);
    console.log(
      '[leadmarket tests] real servers: PostgreSQL, RabbitMQ and Redis from DATABASE_URL, AMQP_URL, REDIS_URL',
    );
    return;
  }
  if (ci)
    throw new Error(
      '[leadmarket tests] CI=true but DATABASE_URL, AMQP_URL and REDIS_URL are not all set: real-server suites cannot be skipped under CI',
    );
  console.warn(
    '[leadmarket tests] DATABASE_URL, AMQP_URL or REDIS_URL unset and no Docker engine: every server-backed suite runs on the embedded adapters ' +
      '(PGlite, in-process bus, in-memory store). NOT RUN against real servers: the RabbitMQ and Redis adapter contract suites, ' +
      'the broker-outage test and every component suite on PostgreSQL.',
  );
}

export async function teardown(): Promise<void> {
  await stopContainers?.();
}

async function startContainers(): Promise<() => Promise<void>> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, rabbit, redis] = await Promise.all([
    new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start(),
    new GenericContainer('rabbitmq:3.13')
      .withExposedPorts(5672)
      .withWaitStrategy(Wait.forLogMessage(/Server startup complete/))
      .start(),
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
  ]);
  process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
  process.env.AMQP_URL = `amqp://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(5672)}`;
  process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  return async () => {
    await Promise.all([postgres.stop(), rabbit.stop(), redis.stop()]);
  };
}
