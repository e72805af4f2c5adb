import type { CheckedOutcome } from '@leadmarket/contracts';
import type { ServiceContext } from '@leadmarket/platform';
import { boughtLeadForUpdate, setLeadOutcome } from '../db/lead-outcome.repository.js';
import { recordContact } from '../db/offer-rounds.repository.js';
import type { LeadRow } from '../db/lead.repository.js';
import type { LeadIntakeDatabase } from '../db/database.js';
import { saleOf } from './purchased-lead.js';

export type OutcomeRecording =
  | { kind: 'recorded'; lead: LeadRow; changed: boolean }
  /** Not a lead this contractor bought (or deleted). */
  | { kind: 'not_yours' }
  /** Theirs by wallet-ledger, but LeadPurchased has not reached lead-intake yet: nothing to write on. */
  | { kind: 'sale_pending' }
  | { kind: 'refunded' };

const sameOutcome = (lead: LeadRow, value: CheckedOutcome) =>
  lead.outcome === value.outcome &&
  lead.outcome_job_value_cents === value.job_value_cents &&
  lead.outcome_lost_reason === value.lost_reason;

/**
 * The buyer records what happened with a lead it bought (docs/adr/0047-lead-outcomes.md). Only the
 * buyer may, and not once the lead was refunded (its figures no longer count). A changed outcome is
 * announced as LeadOutcomeRecorded in the same transaction, without the note; repeating the same one
 * announces nothing. "Contacted" is also the first contact when none was recorded (LeadContacted).
 */
export async function recordLeadOutcome(
  ctx: ServiceContext<LeadIntakeDatabase>,
  leadId: string,
  contractorId: string,
  value: CheckedOutcome,
  at: Date,
): Promise<OutcomeRecording> {
  const result = await ctx.transaction(async (trx): Promise<OutcomeRecording> => {
    const lead = await boughtLeadForUpdate(trx, leadId, contractorId);
    if (!lead) return { kind: 'not_yours' };
    if (lead.refunded_at) return { kind: 'refunded' };
    const same = sameOutcome(lead, value);
    if (same && lead.outcome_note === value.note) return { kind: 'recorded', lead, changed: false };
    const updated = await setLeadOutcome(trx, leadId, value, same ? undefined : at);
    if (same) return { kind: 'recorded', lead: updated, changed: false };
    const contact = value.outcome === 'contacted' ? await recordContact(trx, leadId, contractorId, at) : undefined;
    await ctx.emit(trx, [
      {
        type: 'LeadOutcomeRecorded',
        data: {
          lead_id: leadId,
          contractor_id: contractorId,
          outcome: value.outcome,
          job_value_cents: value.job_value_cents,
          lost_reason: value.lost_reason,
          previous_outcome: lead.outcome,
          recorded_at: at.toISOString(),
        },
      },
      ...(contact?.first
        ? [
            {
              type: 'LeadContacted' as const,
              data: {
                lead_id: leadId,
                contractor_id: contractorId,
                contacted_at: at.toISOString(),
                via: 'marked' as const,
              },
            },
          ]
        : []),
    ]);
    return {
      kind: 'recorded',
      lead: contact?.first ? { ...updated, contacted_at: contact.contacted_at } : updated,
      changed: true,
    };
  });
  if (result.kind !== 'not_yours') return result;
  const sale = await saleOf(ctx, leadId);
  return sale?.contractor_id === contractorId ? { kind: 'sale_pending' } : result;
}
