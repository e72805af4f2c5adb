import { eraseLeadDescriptionFromOutbox, type ServiceContext } from '@leadmarket/platform';
import { eraseLeadFromOutbox } from '../db/lead-erasure.repository.js';
import { deleteLead } from '../db/lead.repository.js';
import { dropFingerprints } from '../db/screening.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';
import { releaseClaim } from './screen-lead.js';

/**
 * An admin deletes a lead: its contact details leave the row and the outbox, its duplicate
 * fingerprint (an unsalted hash of the phone, which a search over phone numbers reverses) is
 * dropped, and LeadDeleted goes out, all at once. The fingerprint's Redis claim is released after
 * commit: left in place, it would refuse the customer's corrected resubmission for the window.
 */
export async function eraseLead(ctx: ServiceContext<LeadIntakeDatabase>, id: string, at: Date): Promise<boolean> {
  const { done, fingerprints } = await ctx.db.transaction().execute(async (trx) => {
    const done = await deleteLead(trx, id, at);
    if (!done) return { done, fingerprints: [] };
    await eraseLeadFromOutbox(trx, id);
    // The job description LeadScreened carried (the customer may have typed their contact into it).
    await eraseLeadDescriptionFromOutbox(trx, 'LeadScreened', id);
    const fingerprints = await dropFingerprints(trx, id);
    await ctx.emit(trx, [{ type: 'LeadDeleted', data: { lead_id: id, deleted_at: at.toISOString() } }]);
    return { done, fingerprints };
  });
  for (const fingerprint of fingerprints) {
    try {
      await releaseClaim(ctx.kv, fingerprint, id);
    } catch (err) {
      ctx.logger.warn({ err: String(err), lead_id: id }, 'could not release the duplicate claim of a deleted lead');
    }
  }
  return done;
}
