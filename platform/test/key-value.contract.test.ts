import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@leadmarket/platform';
import { realServersConfigured } from '@leadmarket/platform/testing';

const stores: Array<{ name: string; make: () => KeyValueStore }> = [
  { name: 'memory', make: () => new MemoryKeyValueStore() },
];
if (realServersConfigured()) {
  stores.push({
    name: 'redis',
    make: () => new RedisKeyValueStore({ url: process.env.REDIS_URL!, prefix: `t${randomUUID().slice(0, 8)}:` }),
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(stores)('key-value store contract: $name', ({ make }) => {
  const kv = make();
  afterAll(() => kv.close());

  it('gets, sets and deletes', async () => {
    expect(await kv.get('k1')).toBeNull();
    await kv.set('k1', 'v1');
    expect(await kv.get('k1')).toBe('v1');
    await kv.delete('k1');
    expect(await kv.get('k1')).toBeNull();
  });

  it('stores only the first of two set-if-absent calls, until the key expires', async () => {
    expect(await kv.setIfAbsent('dedupe', 'a', 1)).toBe(true);
    expect(await kv.setIfAbsent('dedupe', 'b', 1)).toBe(false);
    expect(await kv.get('dedupe')).toBe('a');
    await sleep(1100);
    expect(await kv.get('dedupe')).toBeNull();
    expect(await kv.setIfAbsent('dedupe', 'c', 1)).toBe(true);
  });

  it('expires a value set with a time to live', async () => {
    await kv.set('ttl', 'x', 1);
    expect(await kv.get('ttl')).toBe('x');
    await sleep(1100);
    expect(await kv.get('ttl')).toBeNull();
  });

  it('fixed window: admits the limit, refuses the next with a retry time, admits again in the next window', async () => {
    const key = 'fixed';
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await kv.hit(key, 3, 1, 'fixed'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[2]!.remaining).toBe(0);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    await sleep(1100);
    expect((await kv.hit(key, 3, 1, 'fixed')).allowed).toBe(true);
  });

  it('sliding window: counts only admitted hits within the last window', async () => {
    // A 3 s window with the hits 1.5 s apart: each step has well over a second of slack, so a
    // busy machine pausing the test for a moment does not move a hit into the other window.
    const key = 'sliding';
    const first = Date.now();
    expect((await kv.hit(key, 2, 3, 'sliding')).allowed).toBe(true);
    await sleep(1500);
    expect((await kv.hit(key, 2, 3, 'sliding')).allowed).toBe(true);
    const refused = await kv.hit(key, 2, 3, 'sliding');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await sleep(Math.max(0, first + 3200 - Date.now())); // the first hit has left the window, the second has not
    expect((await kv.hit(key, 2, 3, 'sliding')).allowed).toBe(true);
    expect((await kv.hit(key, 2, 3, 'sliding')).allowed).toBe(false);
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => kv.hit('burst', 5, 10, 'fixed')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
