import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { queueOf } from '@leadmarket/platform';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { freePort, freePortBlock, realServersConfigured, waitFor } from '@leadmarket/platform/testing';
import amqp from 'amqplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Whether anything accepts a connection on the port now. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Whether any process is left in the process group (ESRCH: none). */
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes left in the group, for a failure's message. */
const groupListing = (pgid: number) => {
  try {
    return execFileSync('ps', ['-o', 'pid,ppid,stat,args', '-g', String(pgid)], { encoding: 'utf8' });
  } catch {
    return '(none)';
  }
};

// `npm run stack` as a person runs it, stopped by a signal that reaches npm: every service and the
// gateway drain and exit, and nothing is left running or listening. Needs the real servers.
describe.runIf(realServersConfigured())('npm run stack stops whole', () => {
  const suffix = randomBytes(4).toString('hex');
  const dbName = `lm_stack_${suffix}`;
  const namespace = `stack${suffix}`;
  const adminUrl = process.env.DATABASE_URL!;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  const started: ChildProcess[] = [];

  beforeAll(() => admin(`create database ${dbName}`));
  afterAll(async () => {
    for (const npm of started) if (npm.exitCode === null && groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    await admin(`drop database if exists ${dbName} with (force)`);
    const connection = await amqp.connect(process.env.AMQP_URL!);
    const channel = await connection.createChannel();
    for (const name of SERVICE_NAMES) {
      await channel.deleteQueue(queueOf(name, namespace)).catch(() => {});
      await channel.deleteQueue(`${queueOf(name, namespace)}.dlq`).catch(() => {});
    }
    await channel.deleteExchange(`${namespace}.leadmarket.events`).catch(() => {});
    await connection.close();
  });

  /** Start the stack through npm, in a process group of its own, and wait until every service is ready. */
  async function startStack() {
    const port = await freePort();
    const basePort = await freePortBlock();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const npm = spawn('npm', ['run', 'stack'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        STACK_DATABASE_ROLES: 'off',
        DATABASE_POOL_SIZE: '2',
        BUS_NAMESPACE: namespace,
        PORT: String(port),
        STACK_BASE_PORT: String(basePort),
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
      },
    });
    started.push(npm);
    let log = '';
    npm.stderr!.on('data', (chunk) => (log += chunk));
    const ports = [port, ...SERVICE_NAMES.map((_, i) => basePort + i * 10)];
    await waitFor(
      async () => {
        if (npm.exitCode !== null) throw new Error(`npm run stack exited early:\n${log}`);
        return fetch(`http://127.0.0.1:${port}/readyz/services`)
          .then((r) => r.ok)
          .catch(() => false);
      },
      'every service of the stack to be ready',
      // Seven Node processes compiling TypeScript at once: minutes on a busy 2-core machine.
      300_000,
      250,
    );
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    return { npm, ports, exited, log: () => log };
  }

  it('stops every process and frees every port when npm gets SIGTERM', async () => {
    const { npm, ports, exited, log } = await startStack();
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    // npm returns once the runner has, and the runner once every process it started has exited;
    // the last of them may still be on its way out.
    await waitFor(
      () => !groupAlive(npm.pid!),
      `every process of the stack to exit:\n${groupListing(npm.pid!)}`,
      30_000,
      100,
    );
    for (const port of ports) expect(await listening(port), `port ${port}`).toBe(false);
    for (const name of SERVICE_NAMES) expect(log()).toContain(`${name}#0 stopped`);
    expect(log()).toContain('gateway stopped');
    expect(log()).toContain('every process stopped');
  }, 420_000);

  it('stops every process when npm is killed outright and passes no signal on', async () => {
    const { npm, ports, exited, log } = await startStack();
    process.kill(npm.pid!, 'SIGKILL');
    await exited;
    // The runner sees its parent gone and drains everything on its own.
    await waitFor(
      () => !groupAlive(npm.pid!),
      `every process of the stack to exit:\n${groupListing(npm.pid!)}`,
      60_000,
      100,
    );
    for (const port of ports) expect(await listening(port), `port ${port}`).toBe(false);
    expect(log()).toContain('every process stopped');
  }, 420_000);
});
