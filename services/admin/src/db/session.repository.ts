import type { Kysely } from 'kysely';

export async function insertSession(
  db: Kysely<any>,
  session: { token_hash: string; admin_id: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('admin_sessions').values(session).execute();
}

/** The admin of an unexpired session, by the token's hash. */
export async function findLiveSession(
  db: Kysely<any>,
  tokenHash: string,
  now: Date,
): Promise<{ admin_id: string; expires_at: Date } | undefined> {
  return (await db
    .selectFrom('admin_sessions')
    .select(['admin_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst()) as { admin_id: string; expires_at: Date } | undefined;
}

export async function deleteSession(db: Kysely<any>, tokenHash: string): Promise<{ admin_id: string } | undefined> {
  return (await db
    .deleteFrom('admin_sessions')
    .where('token_hash', '=', tokenHash)
    .returning('admin_id')
    .executeTakeFirst()) as { admin_id: string } | undefined;
}

/** End every session of an admin (password reset); answers the hashes so the gateway cache can forget them. */
export async function deleteSessionsOf(db: Kysely<any>, adminId: string): Promise<string[]> {
  const rows = await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).returning('token_hash').execute();
  return rows.map((r: any) => String(r.token_hash));
}

export async function deleteExpiredSessions(db: Kysely<any>, now: Date): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
}
