import type { KeyValueStore } from '../kv/key-value-store.js';
import { hashToken } from './tokens.js';

export type SessionKind = 'contractor' | 'admin';

/**
 * How long the gateway may reuse a resolved session without asking its owner again. Owners clear
 * entries when their code ends a session; a session ended or cut short any other way (an operator
 * in the database) stops working within this.
 */
export const SESSION_CACHE_SECONDS = 5;

/** The cache key of a session, by the token's hash (the owner can invalidate knowing only the hash). */
export const sessionCacheKey = (kind: SessionKind, tokenHash: string) => `session:${kind}:${tokenHash}`;

/**
 * The gateway's brief cache of session → account id; owners delete entries at logout, reset and
 * deletion. An entry never outlives its session: given the session's expiry, it is kept at most
 * until then (the TTL is cut short) and refused after it even if the store keeps it a moment longer.
 */
export const sessionCache = (kv: KeyValueStore, now: () => number = Date.now) => ({
  async get(kind: SessionKind, token: string): Promise<string | null> {
    const value = await kv.get(sessionCacheKey(kind, hashToken(token)));
    if (value === null) return null;
    const entry = parseEntry(value);
    if (entry.expiresAt !== null && now() >= entry.expiresAt) return null;
    return entry.accountId;
  },
  async put(
    kind: SessionKind,
    token: string,
    accountId: string,
    ttlSeconds = SESSION_CACHE_SECONDS,
    expiresAt?: Date,
  ): Promise<void> {
    const expiresMs = expiresAt?.getTime();
    let ttl = ttlSeconds;
    if (expiresMs !== undefined) {
      // Whole seconds left, rounded down: the entry goes before the session does, never after.
      ttl = Math.min(ttlSeconds, Math.floor((expiresMs - now()) / 1000));
      if (!(ttl >= 1)) return;
    }
    await kv.set(
      sessionCacheKey(kind, hashToken(token)),
      JSON.stringify({ account_id: accountId, expires_at: expiresMs ?? null }),
      ttl,
    );
  },
  async invalidate(kind: SessionKind, tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length) await kv.delete(...tokenHashes.map((h) => sessionCacheKey(kind, h)));
  },
});

/** An entry as stored: JSON with the session's expiry (a bare account id from before expiries were kept). */
function parseEntry(value: string): { accountId: string; expiresAt: number | null } {
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { account_id?: unknown; expires_at?: unknown };
      if (typeof parsed.account_id === 'string')
        return {
          accountId: parsed.account_id,
          expiresAt: typeof parsed.expires_at === 'number' ? parsed.expires_at : null,
        };
    } catch {
      /* a bare id that happens to start with '{' */
    }
  }
  return { accountId: value, expiresAt: null };
}
