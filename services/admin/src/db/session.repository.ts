import type { Kysely } from 'kysely';
import type { AdminDatabase } from './database.js';

export async function insertSession(
  db: Kysely<AdminDatabase>,
  session: { token_hash: string; admin_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('admin_sessions').values(session).execute();
}

/** The admin of an unexpired session, by the token's hash. */
export async function findLiveSession(
  db: Kysely<AdminDatabase>,
  tokenHash: string,
  now: Date,
): Promise<{ admin_id: string; expires_at: Date } | undefined> {
  return await db
    .selectFrom('admin_sessions')
    .select(['admin_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(
  db: Kysely<AdminDatabase>,
  tokenHash: string,
): Promise<{ admin_id: string } | undefined> {
  return await db
    .deleteFrom('admin_sessions')
    .where('token_hash', '=', tokenHash)
    .returning('admin_id')
    .executeTakeFirst();
}

/** End every session of an admin (password reset); answers the hashes so the gateway cache can forget them. */
export async function deleteSessionsOf(db: Kysely<AdminDatabase>, adminId: string): Promise<string[]> {
  const rows = await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).returning('token_hash').execute();
  return rows.map((r) => r.token_hash);
}

export async function deleteExpiredSessions(db: Kysely<AdminDatabase>, now: Date): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
}
