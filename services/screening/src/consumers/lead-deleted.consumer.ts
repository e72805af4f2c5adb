import { defineScreeningConsumer } from '../context.js';
import { sql } from 'kysely';

/**
 * An admin deleted the lead: the job description screening forwarded in LeadScreened (which the
 * customer may have filled with their contact) is erased from this service's outbox, and the lead's
 * duplicate fingerprint (an unsalted hash of the phone, which a search over phone numbers reverses)
 * is dropped. Screening keeps no contact itself.
 */
export const leadDeletedConsumer = defineScreeningConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx }) {
    await trx
      .updateTable('outbox')
      .set({ envelope: sql`jsonb_set(envelope, '{data,description}', '""')` })
      .where('type', '=', 'LeadScreened')
      .where(sql`envelope->'data'->>'lead_id'`, '=', data.lead_id)
      .execute();
    await trx.deleteFrom('duplicate_fingerprints').where('lead_id', '=', data.lead_id).execute();
  },
});
