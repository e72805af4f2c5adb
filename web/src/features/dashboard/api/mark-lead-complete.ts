import type { SuccessMessageSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** mark-lead-complete: move a bought lead to the Completed list. */
export const completeLead = (s: Session, leadId: string) =>
  postAs<z.infer<typeof SuccessMessageSchema>>('mark-lead-complete', s, { lead_id: leadId });
