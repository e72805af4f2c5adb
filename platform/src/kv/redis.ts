import { Redis } from 'ioredis';
import type { KeyValueStore, RateLimitResult, WindowKind } from './key-value-store.js';

// Both windows run as one script so concurrent hits cannot race between read and write.
const FIXED_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

const SLIDING_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2] or now}`;

// Compare and delete in one script: between a GET and a DEL another client could claim the key.
const DELETE_IF_EQUALS = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface RedisOptions {
  url: string;
  /** Prepended to every key, so test stacks sharing one Redis do not meet. */
  prefix?: string;
}

export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;
  private seq = 0;

  constructor({ url, prefix = '' }: RedisOptions) {
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
      // Commands issued in the same turn of the event loop leave in one write: a request's rate-limit
      // check and session read, and every other request's of that turn (each socket write
      // is a system call, the largest single cost of the gateway's CPU).
      enableAutoPipelining: true,
    });
    this.redis.on('error', () => {});
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds) await this.redis.set(key, value, 'EX', ttlSeconds);
    else await this.redis.set(key, value);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys);
  }

  async deleteIfEquals(key: string, value: string): Promise<boolean> {
    return (await this.redis.eval(DELETE_IF_EQUALS, 1, key, value)) === 1;
  }

  async hit(key: string, limit: number, windowSeconds: number, kind: WindowKind = 'fixed'): Promise<RateLimitResult> {
    const windowMs = windowSeconds * 1000;
    if (kind === 'fixed') {
      const [count, ttl] = (await this.redis.eval(FIXED_WINDOW, 1, key, windowMs)) as [number, number];
      const allowed = count <= limit;
      return {
        allowed,
        count,
        remaining: Math.max(0, limit - count),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttl / 1000)),
      };
    }
    const now = Date.now();
    const member = `${now}-${process.pid}-${this.seq++}`;
    const [allowed, count, oldest] = (await this.redis.eval(SLIDING_WINDOW, 1, key, now, windowMs, limit, member)) as [
      number,
      number,
      string,
    ];
    return {
      allowed: allowed === 1,
      count,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil((Number(oldest) + windowMs - now) / 1000)),
    };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
