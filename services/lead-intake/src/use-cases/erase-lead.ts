import type { ServiceContext } from '@leadmarket/platform';
import { eraseLeadFromOutbox } from '../db/lead-erasure.repository.js';
import { deleteLead } from '../db/lead.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/** An admin deletes a lead: its contact details leave the row and the outbox, and LeadDeleted goes out, all at once. */
export function eraseLead(ctx: ServiceContext<LeadIntakeDatabase>, id: string, at: Date): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const done = await deleteLead(trx, id, at);
    if (done) {
      await eraseLeadFromOutbox(trx, id);
      await ctx.emit(trx, [{ type: 'LeadDeleted', data: { lead_id: id, deleted_at: at.toISOString() } }]);
    }
    return done;
  });
}
