import { sql, type Kysely } from 'kysely';
import type { ContractorsDatabase } from './database.js';

export async function insertSession(
  db: Kysely<ContractorsDatabase>,
  tokenHash: string,
  contractorId: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, contractor_id: contractorId, expires_at: expiresAt })
    .execute();
}

/** The contractor of a live session, pushing its expiry to `newExpiry` (sliding) in the same statement. */
export async function touchSession(
  db: Kysely<ContractorsDatabase>,
  tokenHash: string,
  newExpiry: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('sessions')
    .set({ expires_at: newExpiry, last_used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('contractor_id')
    .executeTakeFirst();
  return row?.contractor_id;
}

/** Delete one session; its hash, when it existed. */
export async function deleteSession(db: Kysely<ContractorsDatabase>, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sessions')
    .where('token_hash', '=', tokenHash)
    .returning('token_hash')
    .executeTakeFirst();
  return row?.token_hash;
}

/** Delete every session of a contractor; their hashes (to clear the gateway's cache). */
export async function deleteSessionsOf(db: Kysely<ContractorsDatabase>, contractorId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where('contractor_id', '=', contractorId)
    .returning('token_hash')
    .execute();
  return rows.map((r) => r.token_hash);
}

/** Remove sessions past their expiry (they already resolve to nothing); the number removed. */
export async function purgeExpiredSessions(db: Kysely<ContractorsDatabase>): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
