import type { KeyValueStore } from '../kv/key-value-store.js';
import { hashToken } from './tokens.js';

export type SessionKind = 'contractor' | 'admin';

/** How long the gateway may reuse a resolved session without asking its owner again. */
export const SESSION_CACHE_SECONDS = 30;

/** The cache key of a session, by the token's hash (the owner can invalidate knowing only the hash). */
export const sessionCacheKey = (kind: SessionKind, tokenHash: string) => `session:${kind}:${tokenHash}`;

/** The gateway's brief cache of session → account id; owners delete entries at logout, reset and deletion. */
export const sessionCache = (kv: KeyValueStore) => ({
  async get(kind: SessionKind, token: string): Promise<string | null> {
    return kv.get(sessionCacheKey(kind, hashToken(token)));
  },
  async put(kind: SessionKind, token: string, accountId: string, ttlSeconds = SESSION_CACHE_SECONDS): Promise<void> {
    await kv.set(sessionCacheKey(kind, hashToken(token)), accountId, ttlSeconds);
  },
  async invalidate(kind: SessionKind, tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length) await kv.delete(...tokenHashes.map((h) => sessionCacheKey(kind, h)));
  },
});
