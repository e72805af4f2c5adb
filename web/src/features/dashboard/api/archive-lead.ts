import type { SuccessMessageSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** archive-lead: move a bought lead to the Archived list. */
export const archiveLead = (s: Session, leadId: string) =>
  postAs<z.infer<typeof SuccessMessageSchema>>('archive-lead', s, { lead_id: leadId, session_token: s.token });
