/** Milliseconds since the epoch; injected so tests move time without waiting. */
export type Clock = () => number;

/**
 * A short-lived in-process cache for reads that many callers make at once and that may be a few
 * seconds old (category prices, achievements). Callers asking for the same key while it loads share
 * one load; a failed load is not kept; an answer is served until `ttlMs` after it was loaded, never
 * longer. It is per process: with several instances each may be up to `ttlMs` behind a change.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAt: number }>();

  constructor(
    readonly ttlMs: number,
    private readonly now: Clock = Date.now,
    /** Beyond this many keys the oldest is dropped, so a cache keyed by contractor stays small. */
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value of `key`, or `load()`'s (stored for `ttlMs`). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > at) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    const entry = { value, expiresAt: at + this.ttlMs };
    this.entries.set(key, entry);
    // Only this load's own entry goes: a newer one stored meanwhile stays.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  /** Forget one key (this process changed what it holds). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forget everything (this process changed what every key depends on). */
  clear(): void {
    this.entries.clear();
  }
}
