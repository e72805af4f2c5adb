import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from '../src/bus/coalesce-writes.js';

// The AMQP connection's socket: frames written in one tick leave in one system call, in order, and
// nothing is held past the tick.
describe('coalesceWrites', () => {
  const closers: Array<() => void> = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  const pair = async () => {
    const received: Buffer[] = [];
    let onData = () => {};
    const server = createServer((s) =>
      s.on('data', (d) => {
        received.push(d);
        onData();
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((r) => client.once('connect', () => r()));
    closers.push(() => {
      client.destroy();
      server.close();
    });
    const receivedBytes = (n: number) =>
      new Promise<string>((resolve) => {
        const check = () => {
          const all = Buffer.concat(received).toString();
          if (all.length >= n) resolve(all);
        };
        onData = check;
        check();
      });
    return { client, receivedBytes };
  };

  it('sends the writes of one tick in one system call, in order', async () => {
    const { client, receivedBytes } = await pair();
    coalesceWrites(client);
    const calls = { write: 0, writev: 0 };
    const s = client as unknown as Record<string, (...a: unknown[]) => unknown>;
    const single = s._write!.bind(client);
    const vector = s._writev!.bind(client);
    s._write = (...a) => (calls.write++, single(...a));
    s._writev = (...a) => (calls.writev++, vector(...a));
    const frames = Array.from({ length: 10 }, (_, i) => `frame-${i};`);
    for (const f of frames) client.write(f);
    expect(await receivedBytes(frames.join('').length)).toBe(frames.join(''));
    expect(calls).toEqual({ write: 0, writev: 1 });
  });

  it('holds nothing past the tick: a write in a later tick goes out on its own', async () => {
    const { client, receivedBytes } = await pair();
    coalesceWrites(client);
    client.write('first;');
    expect(await receivedBytes(6)).toBe('first;');
    await new Promise((r) => setImmediate(r));
    client.write('second;');
    expect(await receivedBytes(13)).toBe('first;second;');
  });
});
