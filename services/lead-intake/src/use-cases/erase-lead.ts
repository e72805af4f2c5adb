import { eraseLeadDescriptionFromOutbox, type ServiceContext } from '@leadmarket/platform';
import { eraseLeadFromOutbox } from '../db/lead-erasure.repository.js';
import { deleteLead } from '../db/lead.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/**
 * An admin deletes a lead: its contact details leave the row and the outbox, and LeadDeleted goes
 * out, all at once (screening drops the lead's duplicate fingerprint and releases its claim on it).
 */
export function eraseLead(ctx: ServiceContext<LeadIntakeDatabase>, id: string, at: Date): Promise<boolean> {
  return ctx.transaction(async (trx) => {
    const done = await deleteLead(trx, id, at);
    if (done) {
      await eraseLeadFromOutbox(trx, id);
      // A LeadScreened lead-intake wrote while it screened leads itself (ADR 0031) carries the
      // job description, which the customer may have filled with their contact.
      await eraseLeadDescriptionFromOutbox(trx, 'LeadScreened', id);
      await ctx.emit(trx, [{ type: 'LeadDeleted', data: { lead_id: id, deleted_at: at.toISOString() } }]);
    }
    return done;
  });
}
