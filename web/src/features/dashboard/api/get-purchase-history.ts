import { HISTORY_PAGE_SIZE } from '@leadmarket/contracts/constants';
import { getAs, useDashboardQuery, type Session } from './client';
import type { HistoryPayload } from './types';

/** get-lead-purchase-history: one page of HISTORY_PAGE_SIZE bought leads. */
export const getHistory = (s: Session, page: number) =>
  getAs<HistoryPayload>(s, 'get-lead-purchase-history', { page, limit: HISTORY_PAGE_SIZE });

export const useHistory = (s: Session | null, page: number, enabled = true) =>
  useDashboardQuery(
    s,
    'get-lead-purchase-history',
    { page, limit: HISTORY_PAGE_SIZE },
    (session) => getHistory(session, page),
    enabled,
  );
