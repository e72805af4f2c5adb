/** Outcome of counting one hit against a rate limit. */
export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included when allowed. */
  count: number;
  remaining: number;
  /** Seconds until a refused caller may try again (0 when allowed). */
  retryAfterSeconds: number;
}

export type WindowKind = 'fixed' | 'sliding';

/**
 * Rate limits, set-if-absent with expiry (dedupe) and short caches: one interface, two adapters
 * (Redis and in-process), one contract test suite.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Store only when the key is absent; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /**
   * Delete `key` only while it still holds `value`, atomically: a claim's owner releases it without
   * removing a claim someone else has taken since. True when this call deleted it.
   */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
  /**
   * Count a hit for `key`. Fixed windows count every attempt (a caller hammering a refused
   * login stays refused); sliding windows count only admitted hits over the last `windowSeconds`.
   */
  hit(key: string, limit: number, windowSeconds: number, kind?: WindowKind): Promise<RateLimitResult>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
