import type { KeyValueStore, RateLimitResult, WindowKind } from './key-value-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** The embedded mode's key-value store: same semantics as Redis, in this process's memory. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly windows = new Map<string, number[]>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: ttlSeconds ? this.now() + ttlSeconds * 1000 : Infinity });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async delete(...keys: string[]): Promise<void> {
    for (const key of keys) {
      this.entries.delete(key);
      this.windows.delete(key);
    }
  }

  async deleteIfEquals(key: string, value: string): Promise<boolean> {
    if (this.live(key)?.value !== value) return false;
    this.entries.delete(key);
    return true;
  }

  async hit(key: string, limit: number, windowSeconds: number, kind: WindowKind = 'fixed'): Promise<RateLimitResult> {
    const now = this.now();
    const windowMs = windowSeconds * 1000;
    if (kind === 'fixed') {
      const entry = this.live(key);
      const count = (entry ? Number(entry.value) : 0) + 1;
      const expiresAt = entry?.expiresAt ?? now + windowMs;
      this.entries.set(key, { value: String(count), expiresAt });
      const allowed = count <= limit;
      return {
        allowed,
        count,
        remaining: Math.max(0, limit - count),
        retryAfterSeconds: allowed ? 0 : Math.ceil((expiresAt - now) / 1000),
      };
    }
    const hits = (this.windows.get(key) ?? []).filter((t) => t > now - windowMs);
    const allowed = hits.length < limit;
    if (allowed) hits.push(now);
    this.windows.set(key, hits);
    const oldest = hits[0] ?? now;
    return {
      allowed,
      count: hits.length,
      remaining: Math.max(0, limit - hits.length),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
    };
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
