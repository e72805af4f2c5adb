import { z } from 'zod';

const isoTime = z.string().datetime({ offset: true });

/**
 * Emitted by matching when a lead's last offer round passed unsold. lead-intake, which owns the
 * lead's lifecycle and its customer's contact, expires it (LeadExpired) and has the customer told.
 */
export const LeadOffersExhaustedV1 = z.object({
  lead_id: z.string().uuid(),
  rounds: z.number().int().positive(),
  exhausted_at: isoTime,
  /** How many contractors were offered the lead over all rounds (0: nobody could be); absent from older producers. */
  offered: z.number().int().nonnegative().optional(),
});

/**
 * Emitted by lead-intake the first time the buyer marks a bought lead contacted (or calls it from
 * the dashboard): wallet-ledger's response-time figures count from the offer to this moment.
 */
export const LeadContactedV1 = z.object({
  lead_id: z.string().uuid(),
  contractor_id: z.string(),
  contacted_at: isoTime,
  via: z.enum(['marked', 'call']),
});
