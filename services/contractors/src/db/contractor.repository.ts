import { emailKey, type ContractorView } from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { ContractorRow, ContractorsDatabase } from './database.js';
import type { ProfileFields } from '../domain/profile-rules.js';

/** A contractors row as stored. */
export type { ContractorRow };

const iso = (v: Date | string) => new Date(v).toISOString();
const zipList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' ? (JSON.parse(v) as string[]) : [];

/** The wire shape of a contractor (no credentials). */
export function toView(row: ContractorRow): ContractorView {
  return {
    id: row.id,
    business_name: row.business_name,
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    industry: row.industry,
    sub_service: row.sub_service,
    zip_codes: zipList(row.zip_codes),
    sms_opt_in: row.sms_opt_in,
    created_at: iso(row.created_at),
  };
}

export interface NewContractor extends ProfileFields {
  id: string;
  username: string;
  password_hash: string;
  sms_opt_in: boolean;
  signup_credit: boolean;
}

/** Which unique key an email or username already holds (among all accounts, deleted ones are anonymised). */
export async function findTakenKeys(
  db: Kysely<ContractorsDatabase>,
  email: string,
  username: string,
): Promise<{ email: boolean; username: boolean }> {
  const rows = await db
    .selectFrom('contractors')
    .select(['email_key', 'username_key'])
    .where((eb) => eb.or([eb('email_key', '=', emailKey(email)), eb('username_key', '=', username.toLowerCase())]))
    .execute();
  return {
    email: rows.some((r) => r.email_key === emailKey(email)),
    username: rows.some((r) => r.username_key === username.toLowerCase()),
  };
}

export async function insertContractor(trx: Kysely<ContractorsDatabase>, c: NewContractor): Promise<ContractorRow> {
  return await trx
    .insertInto('contractors')
    .values({
      ...c,
      username_key: c.username.toLowerCase(),
      email_key: emailKey(c.email),
      zip_codes: JSON.stringify(c.zip_codes),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A live (not deleted) contractor by id (every function a contractor calls reads it: compiled once, prepared). */
export async function findContractor(db: Kysely<ContractorsDatabase>, id: string): Promise<ContractorRow | undefined> {
  return (await liveContractorRead(db, { id }))[0];
}

const liveContractorRead = preparedRead((db: Kysely<ContractorsDatabase>, p: { id: string }) =>
  db.selectFrom('contractors').selectAll().where('id', '=', p.id).where('deleted_at', 'is', null),
);

export async function findByUsername(
  db: Kysely<ContractorsDatabase>,
  username: string,
): Promise<ContractorRow | undefined> {
  return await db
    .selectFrom('contractors')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findByEmail(db: Kysely<ContractorsDatabase>, email: string): Promise<ContractorRow | undefined> {
  return await db
    .selectFrom('contractors')
    .selectAll()
    .where('email_key', '=', emailKey(email))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** True when another account (deleted ones included) holds this email. */
export async function emailTakenByOther(db: Kysely<ContractorsDatabase>, email: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('contractors')
    .select('id')
    .where('email_key', '=', emailKey(email))
    .where('id', '!=', id)
    .executeTakeFirst();
  return Boolean(row);
}

export async function updateProfile(
  trx: Kysely<ContractorsDatabase>,
  id: string,
  p: ProfileFields & { sms_opt_in: boolean },
): Promise<ContractorRow | undefined> {
  return await trx
    .updateTable('contractors')
    .set({ ...p, email_key: emailKey(p.email), zip_codes: JSON.stringify(p.zip_codes), updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function setSmsOptIn(
  trx: Kysely<ContractorsDatabase>,
  id: string,
  smsOptIn: boolean,
): Promise<ContractorRow | undefined> {
  return await trx
    .updateTable('contractors')
    .set({ sms_opt_in: smsOptIn, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function setPasswordHash(
  trx: Kysely<ContractorsDatabase>,
  id: string,
  passwordHash: string,
): Promise<void> {
  await trx
    .updateTable('contractors')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * How stale last_seen_at may be before a signed-in request writes it again: it only counts who was
 * seen in the last 30 days (countContractors), and a write on every session check the gateway does
 * not answer from its cache (every few seconds of an active contractor) was a row version and a
 * WAL flush each; the check skipped is a read of the row already found.
 */
const LAST_SEEN_RESOLUTION_SECONDS = 3600;

export async function touchLastSeen(db: Kysely<ContractorsDatabase>, id: string): Promise<void> {
  await db
    .updateTable('contractors')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_seen_at', 'is', null),
        eb('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${LAST_SEEN_RESOLUTION_SECONDS})`),
      ]),
    )
    .execute();
}

/**
 * Replace every personal field with a placeholder; the row stays so ids in other services' history
 * still resolve, and its unique keys stay taken by values no person can sign up with.
 */
export async function anonymise(
  trx: Kysely<ContractorsDatabase>,
  id: string,
  adminId: string | undefined,
): Promise<boolean> {
  const result = await trx
    .updateTable('contractors')
    .set({
      username: `deleted-${id}`,
      username_key: `deleted-${id.toLowerCase()}`,
      email: `deleted-${id}@deleted.invalid`,
      email_key: `deleted-${id.toLowerCase()}@deleted.invalid`,
      // Not a valid scrypt record, so no password ever verifies against it.
      password_hash: 'deleted',
      business_name: 'Deleted contractor',
      contact_name: 'Deleted',
      phone: '',
      zip_codes: JSON.stringify([]),
      sms_opt_in: false,
      deleted_at: sql`now()`,
      deleted_by: adminId ?? null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ListFilter {
  ids?: string[];
  search?: string;
  /** Signup date order; newest first unless 'oldest'. */
  sort?: 'newest' | 'oldest';
  page: number;
  limit: number;
}

/** Live contractors by signup date (newest first by default), with the total matching the filter. */
export async function listContractors(
  db: Kysely<ContractorsDatabase>,
  f: ListFilter,
): Promise<{ rows: ContractorRow[]; total: number }> {
  let query = db.selectFrom('contractors').where('deleted_at', 'is', null);
  if (f.ids) query = query.where('id', 'in', f.ids.length ? f.ids : ['']);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('business_name', 'ilike', like),
        eb('contact_name', 'ilike', like),
        eb('email', 'ilike', like),
        eb('id', 'ilike', like),
        eb('phone', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', f.sort === 'oldest' ? 'asc' : 'desc')
      // Ties (one batch, one instant) in the same direction, so oldest-first is newest-first reversed.
      .orderBy('id', f.sort === 'oldest' ? 'asc' : 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Counts for the admin statistics: live accounts, and those seen (login or any signed-in request) since `since`. */
export async function countContractors(
  db: Kysely<ContractorsDatabase>,
  since: Date,
): Promise<{ total: number; active: number }> {
  const row = await db
    .selectFrom('contractors')
    .where('deleted_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('last_seen_at', '>=', since).as('active'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active) };
}
