import { eraseLeadDescriptionFromOutbox } from '@leadmarket/platform';
import { defineScreeningConsumer } from '../context.js';
import { releaseClaim } from '../use-cases/screen-lead.js';

/**
 * An admin deleted the lead: the job description screening forwarded in LeadScreened and kept for the
 * desk (which the customer may have filled with their contact) is erased, and the lead's
 * duplicate fingerprint (an unsalted hash of the phone, which a search over phone numbers reverses)
 * is dropped, from PostgreSQL and from its Redis claim. Screening keeps no contact itself.
 */
export const leadDeletedConsumer = defineScreeningConsumer({
  event: 'LeadDeleted',
  async handle({ data }, { trx, kv, log, afterCommit }) {
    await eraseLeadDescriptionFromOutbox(trx, 'LeadScreened', data.lead_id);
    // The job the desk keeps: its description may hold the customer's contact too.
    await trx.updateTable('screenings').set({ description: '' }).where('lead_id', '=', data.lead_id).execute();
    // The deleting statement names the fingerprint: once the row is gone nothing else in screening does.
    const dropped = await trx
      .deleteFrom('duplicate_fingerprints')
      .where('lead_id', '=', data.lead_id)
      .returning('fingerprint')
      .execute();
    if (dropped.length === 0) return;
    // Released once the deletion is committed, and only while the claim still names this lead: a
    // newer lead that has taken the key since is an original and keeps it. Left in place, the claim
    // would refuse the customer's corrected resubmission for the rest of the window.
    afterCommit(async () => {
      try {
        for (const { fingerprint } of dropped) await releaseClaim(kv, fingerprint, data.lead_id);
      } catch (err) {
        // Redis down: the claim expires with its window, and meanwhile isDuplicate does not count a
        // deleted holder (holdsFingerprint), so the database still decides.
        log.warn(
          { err: String(err), lead_id: data.lead_id },
          'could not release the duplicate claim of a deleted lead',
        );
      }
    });
  },
});
