import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { NotificationDatabase } from './database.js';

/** Store a contractor's phone and SMS consent unless we hold a newer profile or it was deleted. */
export async function upsertContact(
  db: Kysely<NotificationDatabase>,
  c: {
    contractor_id: string;
    phone: string;
    sms_opt_in: boolean;
    at: string;
    email?: string;
    contact_name?: string;
    business_name?: string;
  },
): Promise<void> {
  const existing = await db
    .selectFrom('contacts')
    .select(['deleted', 'profile_at'])
    .where('contractor_id', '=', c.contractor_id)
    .forUpdate()
    .executeTakeFirst();
  if (existing && (existing.deleted || new Date(existing.profile_at).getTime() > Date.parse(c.at))) return;
  await db
    .insertInto('contacts')
    .values({
      contractor_id: c.contractor_id,
      phone: c.phone,
      sms_opt_in: c.sms_opt_in,
      profile_at: c.at,
      deleted: false,
      email: c.email ?? null,
      contact_name: c.contact_name ?? null,
      business_name: c.business_name ?? null,
    })
    .onConflict((oc) =>
      oc.column('contractor_id').doUpdateSet({
        phone: c.phone,
        sms_opt_in: c.sms_opt_in,
        profile_at: c.at,
        ...(c.email !== undefined ? { email: c.email } : {}),
        ...(c.contact_name !== undefined ? { contact_name: c.contact_name } : {}),
        ...(c.business_name !== undefined ? { business_name: c.business_name } : {}),
      }),
    )
    .execute();
}

/** A deleted contractor's phone is erased and it gets no further messages. */
export async function markContactDeleted(
  db: Kysely<NotificationDatabase>,
  contractorId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('contacts')
    .values({ contractor_id: contractorId, phone: '', sms_opt_in: false, profile_at: at, deleted: true })
    .onConflict((oc) =>
      oc.column('contractor_id').doUpdateSet({
        phone: '',
        sms_opt_in: false,
        deleted: true,
        email: null,
        contact_name: null,
        business_name: null,
      }),
    )
    .execute();
}

/** Contacts of these contractors who may get SMS (consented, not deleted). */
export async function smsRecipients(
  db: Kysely<NotificationDatabase>,
  contractorIds: string[],
): Promise<Array<{ contractor_id: string; phone: string }>> {
  if (contractorIds.length === 0) return [];
  return smsRecipientsRead(db, { contractorIds });
}

/** `smsRecipients`' read, compiled once and prepared (docs/adr/0027): the ids as one array, whatever their count. */
const smsRecipientsRead = preparedRead((db: Kysely<NotificationDatabase>, p: { contractorIds: string[] }) =>
  db
    .selectFrom('contacts')
    .select(['contractor_id', 'phone'])
    .where(sql<boolean>`contractor_id = any(${p.contractorIds}::text[])`)
    .where('sms_opt_in', '=', true)
    .where('deleted', '=', false),
);

/** Where a contractor's own messages go (welcome, refund decisions, receipts); undefined when unknown or deleted. */
export async function contactOf(
  db: Kysely<NotificationDatabase>,
  contractorId: string,
): Promise<{ email: string | null; phone: string; sms_opt_in: boolean; contact_name: string | null } | undefined> {
  const row = await db
    .selectFrom('contacts')
    .select(['email', 'phone', 'sms_opt_in', 'contact_name', 'deleted'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  if (!row || row.deleted) return undefined;
  return {
    email: row.email ?? null,
    phone: row.phone,
    sms_opt_in: row.sms_opt_in,
    contact_name: row.contact_name ?? null,
  };
}

/** What a customer is told of the business that bought their lead; undefined when unknown or deleted. */
export async function businessOf(
  db: Kysely<NotificationDatabase>,
  contractorId: string,
): Promise<{ business_name: string | null; phone: string } | undefined> {
  const row = await db
    .selectFrom('contacts')
    .select(['business_name', 'phone', 'deleted'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  if (!row || row.deleted) return undefined;
  return { business_name: row.business_name ?? null, phone: row.phone };
}
