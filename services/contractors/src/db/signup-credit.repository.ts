import { createHmac } from 'node:crypto';
import { emailKey, toE164 } from '@leadmarket/contracts';
import type { Kysely } from 'kysely';
import type { ContractorsDatabase } from './database.js';

/**
 * The forms of one phone that count as the same: its E.164 by the one phone rule, as the national
 * digits for a US number (the keys stored before that rule read US numbers the same way).
 */
export function phoneKey(phone: string): string {
  const e164 = toE164(phone);
  if (e164?.startsWith('+1')) return e164.slice(2);
  return (e164 ?? phone).replace(/\D/g, '');
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
