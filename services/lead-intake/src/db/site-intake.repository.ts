import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { LeadIntakeDatabase } from './database.js';

export interface NewWaitlistEntry {
  email_key: string;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  trade: string;
}

/** Insert a waitlist entry unless its email is already there; true when this call stored it. */
export async function insertWaitlistEntry(db: Kysely<LeadIntakeDatabase>, entry: NewWaitlistEntry): Promise<boolean> {
  const row = await db
    .insertInto('site_waitlist_entries')
    .values({ id: randomUUID(), ...entry })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
}

export async function insertContactMessage(db: Kysely<LeadIntakeDatabase>, message: NewContactMessage): Promise<void> {
  await db.insertInto('site_contact_messages').values(message).execute();
}

export async function insertPageView(
  db: Kysely<LeadIntakeDatabase>,
  view: { page_path: string; view_day: string; visitor_key: string },
): Promise<void> {
  await db.insertInto('site_page_views').values(view).execute();
}

/** Views and distinct visitors per UTC day for one path, newest day first. */
export async function pageViewCounts(db: Kysely<LeadIntakeDatabase>, pagePath: string, sinceDay: string) {
  const rows = await db
    .selectFrom('site_page_views')
    .select([
      sql<string>`to_char(view_day, 'YYYY-MM-DD')`.as('day'),
      sql<number>`count(*)::int`.as('views'),
      sql<number>`count(distinct visitor_key)::int`.as('unique_visitors'),
    ])
    .where('page_path', '=', pagePath)
    .where('view_day', '>=', sql<Date>`cast(${sinceDay} as date)`)
    .groupBy('view_day')
    .orderBy('view_day', 'desc')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    views: Number(r.views),
    unique_visitors: Number(r.unique_visitors),
  }));
}

/**
 * The stored secret `name`, created once with 32 random bytes; concurrent first calls (several
 * instances starting together) agree on one value because the insert never overwrites.
 */
export async function storedSecret(db: Kysely<LeadIntakeDatabase>, name: string): Promise<string> {
  await db
    .insertInto('site_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The fingerprint key of each database, read once per process (it is created once and never changes). */
const fingerprintKeys = new WeakMap<Kysely<LeadIntakeDatabase>, Promise<string>>();

/**
 * The secret of the customers' keyed phone fingerprints (docs/adr/0012), read once per database
 * handle and kept: every submit fingerprints its customer, and the key changes only when an
 * operator deletes it to rotate it, which takes effect as each instance restarts.
 */
export function customerFingerprintKey(db: Kysely<LeadIntakeDatabase>): Promise<string> {
  let key = fingerprintKeys.get(db);
  if (!key) {
    key = storedSecret(db, 'customer_fingerprint_key');
    fingerprintKeys.set(db, key);
    // A failed read is not kept: the next submit asks again.
    key.catch(() => fingerprintKeys.delete(db));
  }
  return key;
}

/** One page of waitlist entries or contact messages, newest first, with the total count. */
export async function listSiteMessages(
  db: Kysely<LeadIntakeDatabase>,
  kind: 'waitlist' | 'contact',
  page: number,
  limit: number,
) {
  const offset = (page - 1) * limit;
  const countOf = (table: 'site_waitlist_entries' | 'site_contact_messages') =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  if (kind === 'waitlist') {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('site_waitlist_entries')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countOf('site_waitlist_entries'),
    ]);
    const items = rows.map((r) => ({
      id: r.id,
      kind: 'waitlist' as const,
      first_name: r.first_name,
      last_name: r.last_name,
      company: r.company,
      email: r.email,
      phone: r.phone,
      trade: r.trade,
      created_at: r.created_at.toISOString(),
    }));
    return { items, total };
  }
  const [rows, total] = await Promise.all([
    db
      .selectFrom('site_contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countOf('site_contact_messages'),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    kind: 'contact' as const,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    created_at: r.created_at.toISOString(),
  }));
  return { items, total };
}
