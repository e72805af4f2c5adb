import type { Kysely } from 'kysely';
import type { ContractorsDatabase, NewSmsConsent } from './database.js';

/** One SMS consent decision as recorded. */
export type ConsentRecord = NewSmsConsent;

export async function recordConsent(trx: Kysely<ContractorsDatabase>, record: ConsentRecord): Promise<void> {
  await trx.insertInto('sms_consents').values(record).execute();
}

export async function consentsOf(db: Kysely<ContractorsDatabase>, contractorId: string) {
  return db.selectFrom('sms_consents').selectAll().where('contractor_id', '=', contractorId).orderBy('id').execute();
}

/** Keep the record of what was agreed and when, but drop where it came from (at account deletion). */
export async function anonymiseConsents(trx: Kysely<ContractorsDatabase>, contractorId: string): Promise<void> {
  await trx
    .updateTable('sms_consents')
    .set({ ip: null, user_agent: null })
    .where('contractor_id', '=', contractorId)
    .execute();
}
