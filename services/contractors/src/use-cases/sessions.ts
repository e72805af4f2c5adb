import { looksLikeApiKey } from '@leadmarket/contracts';
import { hashToken, randomToken, sessionCache, type ServiceContext } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import type { ContractorsDatabase } from '../db/database.js';
import type { ContractorsConfig } from '../config.js';
import { touchLastSeen } from '../db/contractor.repository.js';
import { deleteSession, deleteSessionsOf, insertSession, touchSession } from '../db/session.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Contractor sessions: 256-bit random tokens, stored only as SHA-256 hashes, with a sliding expiry. */
export function sessions(ctx: ServiceContext<ContractorsDatabase>, config: ContractorsConfig) {
  const expiry = () => new Date(Date.now() + config.SESSION_TTL_DAYS * DAY_MS);
  const cache = sessionCache(ctx.kv);

  return {
    /** Open a session in `db` (a transaction at signup); the raw token goes to the caller only. */
    async open(db: Kysely<ContractorsDatabase>, contractorId: string): Promise<string> {
      let token = randomToken(32);
      // The gateway takes a bearer token starting lm_ for an API key: a session token never does.
      while (looksLikeApiKey(token)) token = randomToken(32);
      await insertSession(db, hashToken(token), contractorId, expiry());
      await touchLastSeen(db, contractorId);
      return token;
    },

    /**
     * The contractor of a live token and the session's new expiry (refreshed: sessions slide);
     * undefined when unknown or expired. The gateway caches the answer no longer than that expiry.
     */
    async resolveWithExpiry(token: string): Promise<{ contractorId: string; expiresAt: Date } | undefined> {
      const expiresAt = expiry();
      const contractorId = await touchSession(ctx.db, hashToken(token), expiresAt);
      if (!contractorId) return undefined;
      await touchLastSeen(ctx.db, contractorId);
      return { contractorId, expiresAt };
    },

    /** End one session now, in the database and in the gateway's cache. */
    async close(token: string): Promise<void> {
      const hash = await deleteSession(ctx.db, hashToken(token));
      await cache.invalidate('contractor', [hash ?? hashToken(token)]);
    },

    /** End every session of a contractor inside `trx`; call the returned function after commit to clear the gateway's cache. */
    async closeAllIn(trx: Kysely<ContractorsDatabase>, contractorId: string): Promise<() => Promise<void>> {
      const hashes = await deleteSessionsOf(trx, contractorId);
      return () => cache.invalidate('contractor', hashes);
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
