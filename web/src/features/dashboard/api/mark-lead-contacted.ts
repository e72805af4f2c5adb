import type { MarkLeadContactedResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** mark-lead-contacted: record the first contact (a click on Call, or marked by hand). */
export const markContacted = (s: Session, leadId: string, via: 'marked' | 'call') =>
  postAs<z.infer<typeof MarkLeadContactedResponseSchema>>('mark-lead-contacted', s, { lead_id: leadId, via });
