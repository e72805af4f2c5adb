import type { RefundRequestsResponse } from '@leadmarket/contracts';
import { getAs, useDashboardQuery, type Session } from './client';

/** get-refund-requests: the contractor's refund requests (pending ones mark their lead's card). */
export const getRefundRequests = (s: Session) => getAs<RefundRequestsResponse>(s, 'get-refund-requests');

export const useRefundRequests = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'get-refund-requests', {}, getRefundRequests, enabled);
