import { z } from 'zod';

const isoTime = z.string().datetime({ offset: true });

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
