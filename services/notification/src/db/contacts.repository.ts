import { toE164 } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
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
  // Normalised once here, not for each message: a lead's offers are queued by joining on it.
  const phoneE164 = toE164(c.phone);
  await db
    .insertInto('contacts')
    .values({
      contractor_id: c.contractor_id,
      phone: c.phone,
      phone_e164: phoneE164,
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
        phone_e164: phoneE164,
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
    .values({
      contractor_id: contractorId,
      phone: '',
      phone_e164: null,
      sms_opt_in: false,
      profile_at: at,
      deleted: true,
    })
    .onConflict((oc) =>
      oc.column('contractor_id').doUpdateSet({
        phone: '',
        phone_e164: null,
        sms_opt_in: false,
        deleted: true,
        email: null,
        contact_name: null,
        business_name: null,
      }),
    )
    .execute();
}

/** Where a contractor's own messages go (welcome, refund decisions, receipts); undefined when unknown or deleted. */
export async function contactOf(
  db: Kysely<NotificationDatabase>,
  contractorId: string,
): Promise<
  { email: string | null; phone_e164: string | null; sms_opt_in: boolean; contact_name: string | null } | undefined
> {
  const row = await db
    .selectFrom('contacts')
    .select(['email', 'phone_e164', 'sms_opt_in', 'contact_name', 'deleted'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  if (!row || row.deleted) return undefined;
  return {
    email: row.email ?? null,
    phone_e164: row.phone_e164 ?? null,
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
