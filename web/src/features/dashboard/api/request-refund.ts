import type { RequestRefundResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** request-refund: ask for a refund of a bought lead, with the contractor's reason. */
export const requestRefund = (s: Session, leadId: string, reason: string) =>
  postAs<z.infer<typeof RequestRefundResponseSchema>>('request-refund', s, { lead_id: leadId, reason });
