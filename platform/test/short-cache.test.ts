import { describe, expect, it } from 'vitest';
import { ShortCache } from '../src/index.js';

/** A clock the test moves by hand: expiry is checked without sleeping. */
const manualClock = (start = 1_000_000) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

describe('ShortCache', () => {
  it('serves the loaded value until its time is up, then loads again', async () => {
    const clock = manualClock();
    const cache = new ShortCache<string, number>(5_000, clock.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('pricing', load)).toBe(1);
    clock.advance(4_999);
    expect(await cache.get('pricing', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('pricing', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps keys apart, and callers asking at once share one load', async () => {
    const cache = new ShortCache<string, string>(5_000, manualClock().now);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = (key: string) => async () => {
      loads++;
      await gate;
      return `for ${key}`;
    };
    const many = Array.from({ length: 50 }, () => cache.get('a', load('a')));
    const other = cache.get('b', load('b'));
    release();
    expect(new Set(await Promise.all(many))).toEqual(new Set(['for a']));
    expect(await other).toBe('for b');
    expect(loads).toBe(2);
  });

  it('does not keep a failed load: the next caller tries again', async () => {
    const cache = new ShortCache<string, number>(5_000, manualClock().now);
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets a key or everything on request, and stays within its size', async () => {
    const cache = new ShortCache<string, number>(60_000, manualClock().now, 2);
    await cache.get('a', async () => 1);
    cache.delete('a');
    expect(await cache.get('a', async () => 2)).toBe(2);
    cache.clear();
    expect(await cache.get('a', async () => 3)).toBe(3);
    await cache.get('b', async () => 1);
    await cache.get('c', async () => 1);
    // 'a' was the oldest of three with room for two: it is loaded again.
    expect(await cache.get('a', async () => 4)).toBe(4);
  });
});
