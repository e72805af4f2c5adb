import { sql, type Kysely } from 'kysely';
import type { AdminDatabase } from './database.js';

/** One admin action: who, what, on which target, the data before and after, from where. */
export interface AuditEntry {
  admin_id: string;
  action: string;
  target_type?: string | null;
  target_id?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  request_id?: string | null;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function insertAuditEntry(db: Kysely<AdminDatabase>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      admin_id: entry.admin_id,
      action: entry.action,
      target_type: entry.target_type ?? null,
      target_id: entry.target_id ?? null,
      before: json(entry.before),
      after: json(entry.after),
      ip: entry.ip ?? null,
      request_id: entry.request_id ?? null,
    })
    .execute();
}

/** A page of the audit log, newest first, optionally for one action, one admin and a range of UTC days. */
export async function listAuditEntries(
  db: Kysely<AdminDatabase>,
  filter: {
    action?: string;
    admin_id?: string;
    from?: string;
    to?: string;
    /** Minutes the admin's clock is behind UTC (Date#getTimezoneOffset), so days are their days. */
    tz_offset?: number;
    page: number;
    limit: number;
  },
) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.admin_id) query = query.where('admin_id', '=', filter.admin_id);
  const offsetMs = (filter.tz_offset ?? 0) * 60_000;
  const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + offsetMs);
  if (filter.from) query = query.where('created_at', '>=', startOf(filter.from));
  if (filter.to) query = query.where('created_at', '<', new Date(startOf(filter.to).getTime() + 24 * 3_600_000));
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    // jsonb is read back parsed (pg and PGlite alike).
    rows: rows.map((r) => ({
      id: String(r.id),
      admin_id: r.admin_id,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** Every action the log holds, for the audit tab's filter. */
export async function auditActions(db: Kysely<AdminDatabase>): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
