import type { ServiceContext } from '@leadmarket/platform';
import { setPurchasedLeadState } from '../db/lead.repository.js';
import { recordContact } from '../db/offer-rounds.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';

/**
 * The buyer contacted the customer: the first time is kept and announced as LeadContacted (response-time
 * figures) in the same transaction; repeating it answers the same time. Undefined when the lead is not
 * among this contractor's purchases.
 */
export function markLeadContacted(
  ctx: ServiceContext<LeadIntakeDatabase>,
  leadId: string,
  contractorId: string,
  via: 'marked' | 'call',
  at: Date,
) {
  return ctx.transaction(async (trx) => {
    const result = await recordContact(trx, leadId, contractorId, at);
    if (result?.first)
      await ctx.emit(trx, [
        {
          type: 'LeadContacted',
          data: { lead_id: leadId, contractor_id: contractorId, contacted_at: at.toISOString(), via },
        },
      ]);
    return result;
  });
}

/** A bought lead moves to completed or archived; a real change is announced in the same transaction. */
export function movePurchasedLead(
  ctx: ServiceContext<LeadIntakeDatabase>,
  leadId: string,
  contractorId: string,
  to: 'completed' | 'archived',
  at: Date,
) {
  return ctx.transaction(async (trx) => {
    const result = await setPurchasedLeadState(trx, leadId, contractorId, to, at);
    if (result.changed) {
      await ctx.emit(
        trx,
        to === 'completed'
          ? [
              {
                type: 'LeadCompleted',
                data: { lead_id: leadId, contractor_id: contractorId, completed_at: at.toISOString() },
              },
            ]
          : [
              {
                type: 'LeadArchived',
                data: { lead_id: leadId, contractor_id: contractorId, archived_at: at.toISOString() },
              },
            ],
      );
    }
    return result;
  });
}
