import type { Kysely } from 'kysely';

/** One SMS consent decision as recorded. */
export interface ConsentRecord {
  contractor_id: string;
  opted_in: boolean;
  source: 'signup' | 'profile' | 'sms_toggle';
  wording: string;
  ip: string | null;
  user_agent: string | null;
}

export async function recordConsent(trx: Kysely<any>, record: ConsentRecord): Promise<void> {
  await trx.insertInto('sms_consents').values(record).execute();
}

export async function consentsOf(db: Kysely<any>, contractorId: string) {
  return db.selectFrom('sms_consents').selectAll().where('contractor_id', '=', contractorId).orderBy('id').execute();
}

/** Keep the record of what was agreed and when, but drop where it came from (at account deletion). */
export async function anonymiseConsents(trx: Kysely<any>, contractorId: string): Promise<void> {
  await trx
    .updateTable('sms_consents')
    .set({ ip: null, user_agent: null })
    .where('contractor_id', '=', contractorId)
    .execute();
}
