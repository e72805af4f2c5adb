import type { UpdateLeadOutcomeResponseSchema } from '@leadmarket/contracts';
import type { OutcomeInput } from '@leadmarket/contracts/outcomes';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** update-lead-outcome: record what happened with a bought lead (docs/adr/0047-lead-outcomes.md). */
export const updateLeadOutcome = (s: Session, leadId: string, input: OutcomeInput) =>
  postAs<z.infer<typeof UpdateLeadOutcomeResponseSchema>>('update-lead-outcome', s, { lead_id: leadId, ...input });
