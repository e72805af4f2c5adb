import type { PurchaseLeadResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** purchase-lead: buy an available lead from the wallet. */
export const purchaseLead = (s: Session, leadId: string) =>
  postAs<z.infer<typeof PurchaseLeadResponseSchema>>('purchase-lead', s, { lead_id: leadId, session_token: s.token });
