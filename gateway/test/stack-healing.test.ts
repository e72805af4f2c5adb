import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryKeyValueStore, ServiceClients } from '@leadmarket/platform';
import { testLogger, waitFor } from '@leadmarket/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { Supervisor } from '../src/stack/supervisor.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the multi-process runner heals', () => {
  // What onExit was told, with whether the process was already running again at that moment.
  const told: Array<{ expected: boolean; code: number | null; restartedYet: boolean }> = [];
  const supervisor: Supervisor = new Supervisor({
    root,
    stdio: () => 'ignore',
    restartBaseMs: 100,
    onExit: (exit) =>
      told.push({ expected: exit.expected, code: exit.code, restartedYet: supervisor.pidOf(exit.label) !== undefined }),
  });
  afterAll(() => supervisor.stop(5000));

  it('restarts a process that crashed, and one that was killed, and tells the two apart', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'lm-supervisor-')), 'started');
    supervisor.start({
      label: 'flaky',
      script: 'gateway/test/fixtures/crash-once.ts',
      env: { ...process.env, MARKER_FILE: marker },
    });
    await waitFor(() => supervisor.restarts('flaky') === 1, 'the crash to be seen', 20_000);
    const firstPid = await waitFor(() => supervisor.pidOf('flaky'), 'a running process');
    expect(supervisor.crashes()).toHaveLength(1);

    supervisor.kill('flaky', 'SIGKILL');
    await waitFor(() => supervisor.restarts('flaky') === 2, 'the kill to be seen', 20_000);
    await waitFor(() => (supervisor.pidOf('flaky') ?? firstPid) !== firstPid, 'a new process after the kill', 20_000);
    // The kill was asked for: still one crash.
    expect(supervisor.crashes()).toHaveLength(1);
    // onExit heard both, told apart, each before its restart (chaos reads a crash's log there).
    expect(told).toEqual([
      { expected: false, code: 1, restartedYet: false },
      { expected: true, code: null, restartedYet: false },
    ]);
  }, 60_000);
});

describe('calls to a service with several instances', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
  });

  const instance = async (name: string) => {
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, method: req.method }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const deadUrl = async () => {
    const url = await instance('dead');
    const server = servers.pop()!;
    await new Promise((r) => server.close(r));
    return url;
  };

  it('balances across instances and sends a call that never reached a dead one to another', async () => {
    const a = await instance('a');
    const b = await instance('b');
    const balanced = new ServiceClients({ notification: `${a},${b}` });
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await balanced.call('notification', '/x')).name);
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);

    const dead = await deadUrl();
    const withDead = new ServiceClients({ notification: `${dead},${a}` });
    for (let i = 0; i < 4; i++) {
      expect((await withDead.call('notification', '/read')).name).toBe('a');
      // A write refused by the dead instance never reached it, so it is safe to send to the other.
      expect((await withDead.call('notification', '/write', { method: 'POST', body: {} })).name).toBe('a');
    }
  });

  it('the gateway sends a read, and a request a dead instance refused, to another instance', async () => {
    const live = await instance('live');
    const dead = await deadUrl();
    const gateway = await buildGateway({
      logger: testLogger(),
      kv: new MemoryKeyValueStore(),
      clients: new ServiceClients({ 'wallet-ledger': `${dead},${live}`, 'lead-intake': `${dead},${live}` }),
    });
    try {
      for (let i = 0; i < 4; i++) {
        const read = await gateway.inject({ method: 'GET', url: '/.netlify/functions/get-category-pricing' });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual({ name: 'live', method: 'GET' });
        const write = await gateway.inject({
          method: 'POST',
          url: '/.netlify/functions/contractor-waitlist-signup',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'a@example.com' }),
        });
        expect(write.json()).toEqual({ name: 'live', method: 'POST' });
      }
    } finally {
      await gateway.close();
    }
  });
});
