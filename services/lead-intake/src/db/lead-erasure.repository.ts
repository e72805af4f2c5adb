import { sql, type Kysely } from 'kysely';
import type { LeadIntakeDatabase } from './database.js';

/**
 * Erase a deleted lead's customer from lead-intake's outbox: a LeadSubmitted not yet published (the
 * relay redacts a published one) carries the name, phone, email and description, and a
 * CustomerToBeTold the contact. Published or not, the envelope keeps its shape but loses the contact.
 */
export async function eraseLeadFromOutbox(db: Kysely<LeadIntakeDatabase>, leadId: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      envelope: sql`jsonb_set(jsonb_set(jsonb_set(jsonb_set(envelope,
        '{data,customer_name}', '"Deleted"'),
        '{data,phone}', '""'),
        '{data,email}', 'null'),
        '{data,description}', '""')`,
    })
    // CustomerToBeTold carries the same contact to notification (it has no description;
    // the extra key is stripped by its schema).
    .where('type', 'in', ['LeadSubmitted', 'CustomerToBeTold', 'LeadPhoneChanged'])
    .where(sql`envelope->'data'->>'lead_id'`, '=', leadId)
    .execute();
}
