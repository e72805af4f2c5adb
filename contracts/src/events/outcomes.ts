import { z } from '../zod.js';
import { LEAD_OUTCOMES, LOST_REASONS } from '../outcomes.js';

/**
 * Emitted by lead-intake in the transaction that keeps what the buyer recorded about a bought lead
 * (update-lead-outcome): contacted, quoted, won with its job value, lost with a reason from the
 * list, or never reached. Never the buyer's note (it may quote the customer) nor any contact detail.
 * wallet-ledger's close rates and ROI follow it (docs/adr/0047-lead-outcomes.md).
 */
export const LeadOutcomeRecordedV1 = z.object({
  lead_id: z.string().uuid(),
  contractor_id: z.string(),
  outcome: z.enum(LEAD_OUTCOMES),
  /** Won only: the job's value in integer cents. */
  job_value_cents: z.number().int().positive().nullable(),
  /** Lost only: one of LOST_REASONS. */
  lost_reason: z.enum(LOST_REASONS).nullable(),
  /** The outcome it replaces (a buyer may correct one), null for the first. */
  previous_outcome: z.enum(LEAD_OUTCOMES).nullable(),
  recorded_at: z.string().datetime({ offset: true }),
});
