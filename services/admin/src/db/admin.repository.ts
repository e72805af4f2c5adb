import { randomUUID } from 'node:crypto';
import { emailKey } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import type { AdminDatabase, AdminRow } from './database.js';

export type { AdminRow };

export async function countAdmins(db: Kysely<AdminDatabase>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The oldest admins, at most `limit` (login with the password alone needs to know if there is exactly one). */
export async function firstAdmins(db: Kysely<AdminDatabase>, limit: number): Promise<AdminRow[]> {
  return await db.selectFrom('admins').selectAll().orderBy('created_at').orderBy('id').limit(limit).execute();
}

export async function findAdminByEmail(db: Kysely<AdminDatabase>, email: string): Promise<AdminRow | undefined> {
  return await db.selectFrom('admins').selectAll().where('email', '=', emailKey(email)).executeTakeFirst();
}

export async function findAdminById(db: Kysely<AdminDatabase>, id: string): Promise<AdminRow | undefined> {
  return await db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Create an admin unless one has this email; answers the id and whether this call created it. */
export async function insertAdminIfAbsent(
  db: Kysely<AdminDatabase>,
  email: string,
  passwordHash: string,
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto('admins')
    .values({ id: randomUUID(), email: emailKey(email), password_hash: passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await findAdminByEmail(db, email);
  return { id: existing!.id, created: false };
}

export async function setAdminPassword(db: Kysely<AdminDatabase>, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function adminEmails(db: Kysely<AdminDatabase>, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('admins').select(['id', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Every admin account (id and email), for the audit tab's filter. */
export async function listAdmins(db: Kysely<AdminDatabase>): Promise<Array<{ id: string; email: string }>> {
  const rows = await db.selectFrom('admins').select(['id', 'email']).orderBy('email').execute();
  return rows;
}
