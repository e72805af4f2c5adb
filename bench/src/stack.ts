import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, freePortBlock } from '@leadmarket/platform/testing';
import { CpuMeter, processGroup } from './cpu.js';
import { deleteNamespace } from './broker-cleanup.js';
// The notification tests' fake, as the chaos run uses: it also answers Twilio's Messages list, which
// an ambiguous send (a timeout under the bench's load) is reconciled with.
import { startFakeTwilio } from '../../services/notification/test/fake-twilio.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const BENCH_ADMIN = { email: 'bench-admin@leadmarket.local', password: 'bench-admin-password-1' };

/**
 * The distributed stack (`npm run stack`: every service and the gateway as its own process) on a
 * private database and bus namespace of the local servers, with Twilio pointed at a fake on loopback.
 */
export async function startBenchStack(options: { poolSize?: number } = {}) {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const suffix = Date.now().toString(36);
  const dbName = `leadmarket_bench_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const twilio = await startFakeTwilio();
  const port = await freePort();
  const basePort = await freePortBlock();
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    BUS_NAMESPACE: `bench${suffix}`,
    PORT: String(port),
    STACK_BASE_PORT: String(basePort),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Customers' leads come from their own addresses (X-Forwarded-For, client.ts), so the per-address
    // limits on leads apply as in production. The contractors and the admin are the bench itself, one
    // address sending thousands of requests: lift the abuse limits that count those.
    GATEWAY_TRUST_PROXY: 'loopback',
    GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_MAX_ATTEMPTS: '100000000',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'bench-twilio-token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: twilio.url,
    NOTIFICATION_POLL_MS: '200',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Sized by the bench to the connections PostgreSQL has free (connections.ts).
    ...(options.poolSize ? { DATABASE_POOL_SIZE: String(options.poolSize) } : {}),
  };
  const child: ChildProcess = spawn(`${root}/node_modules/.bin/tsx`, ['gateway/src/run-stack.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  /** Stop every process of the stack, then drop its database and its queues: nothing is left behind. */
  const teardown = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    await twilio.close();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${dbName} with (force)`);
    await drop.end();
    await deleteNamespace(env.AMQP_URL, env.BUS_NAMESPACE).catch(() => {});
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${url}/readyz/services`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      // A stack left running would keep restarting its services against the shared servers.
      await teardown().catch(() => {});
      throw new Error('the distributed stack did not become ready');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    databaseUrl: dbUrl.toString(),
    amqpUrl: env.AMQP_URL,
    busNamespace: env.BUS_NAMESPACE,
    twilio,
    /**
     * Start counting CPU time of every stack process (the runner's process group: services, gateway)
     * and of the PostgreSQL backends serving the bench database. RabbitMQ and Redis are shared with
     * other users of this machine and are not counted.
     */
    async cpuMeter() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Labelled "node <service>" and "postgres <service>" (a backend's application_name is the service
      // that opened it), so the figure can say where a lead's CPU goes, not only how much there is.
      const meter = new CpuMeter(async () => [
        ...processGroup(child.pid!).map((pid) => ({ pid, kind: `node ${serviceOfProcess(pid)}` })),
        ...(
          await client.query<{ pid: number; application_name: string }>(
            'select pid, application_name from pg_stat_activity where datname = $1',
            [dbName],
          )
        ).rows.map((r) => ({ pid: r.pid, kind: `postgres ${r.application_name || 'other'}` })),
      ]);
      await meter.start();
      return {
        async stop() {
          const result = await meter.stop();
          await client.end();
          return result;
        },
      };
    },
    /** Resident memory (MiB) of each service process (the runner's process group), read from ps. */
    memory(): Record<string, number> {
      const ours = new Set(processGroup(child.pid!));
      const out = execFileSync('ps', ['-eo', 'pid=,rss=,args=']).toString().split('\n');
      const result: Record<string, number> = {};
      for (const line of out) {
        const m = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
        if (!m || !ours.has(Number(m[1]))) continue;
        const svc =
          m[3]!.match(/services\/([a-z-]+)\/src\/main\.ts/)?.[1] ??
          (m[3]!.includes('gateway/src/main.ts') ? 'gateway' : undefined);
        if (svc) result[svc] = Math.max(result[svc] ?? 0, Number(m[2]) / 1024);
      }
      return result;
    },
    stop: teardown,
  };
}
export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>;

/** The service a stack process runs (from its command line), "gateway", or "other" (the runner, npm, tsx). */
function serviceOfProcess(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return (
      args.match(/services\/([a-z-]+)\/src\/main\.ts/)?.[1] ??
      (args.includes('gateway/src/main.ts') ? 'gateway' : 'other')
    );
  } catch {
    return 'other';
  }
}
