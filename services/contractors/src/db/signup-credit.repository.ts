import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContractorsDatabase } from './database.js';

/** The forms of one email or phone that count as the same (case, spaces, punctuation, a US leading 1). */
export const emailKey = (email: string): string => email.trim().toLowerCase();
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

interface Contact {
  email: string;
  phone: string;
}

const keyHashes = (salt: string, contact: Contact) =>
  [
    { kind: 'email' as const, value: emailKey(contact.email) },
    { kind: 'phone' as const, value: phoneKey(contact.phone) },
  ]
    .filter((k) => k.value !== '')
    .map((k) => ({ kind: k.kind, key_hash: createHmac('sha256', salt).update(`${k.kind}:${k.value}`).digest('hex') }));

/** Remember a deleted account's email and phone (as keyed hashes), in the deletion's transaction. */
export async function rememberDeletedContact(
  trx: Kysely<ContractorsDatabase>,
  salt: string,
  contact: Contact,
): Promise<void> {
  const rows = keyHashes(salt, contact);
  if (rows.length === 0) return;
  await trx
    .insertInto('deleted_contact_keys')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** True when a deleted account had this email or this phone: the new account gets no signup credit. */
export async function belongedToDeletedAccount(
  db: Kysely<ContractorsDatabase>,
  salt: string,
  contact: Contact,
): Promise<boolean> {
  const hashes = keyHashes(salt, contact).map((k) => k.key_hash);
  if (hashes.length === 0) return false;
  const hit = await db
    .selectFrom('deleted_contact_keys')
    .select('key_hash')
    .where('key_hash', 'in', hashes)
    .executeTakeFirst();
  return Boolean(hit);
}
