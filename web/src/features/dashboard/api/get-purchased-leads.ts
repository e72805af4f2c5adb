import { getAs, useDashboardQuery, type Session } from './client';
import type { BoughtList, PurchasedPage } from './types';

interface PageQuery {
  list: BoughtList;
  page: number;
  limit: number;
  search?: string;
}

/** get-purchased-leads, paged: one page of one list, with every list's size. */
export const getPurchasedPage = (s: Session, query: PageQuery) =>
  getAs<PurchasedPage>(s, 'get-purchased-leads', { ...query });

const usePage = (s: Session | null, query: PageQuery, enabled = true) =>
  useDashboardQuery(s, 'get-purchased-leads', { ...query }, (session) => getPurchasedPage(session, query), enabled);

/** One page of one list of bought leads, paged and searched by the server (LIST_PAGE_SIZE a page). */
export const usePurchasedPage = (s: Session | null, list: BoughtList, page: number, limit: number, search: string) =>
  usePage(s, { list, page, limit, ...(search ? { search } : {}) });

/** The size of every list of bought leads (for the tab labels): the smallest page carries them. */
export const usePurchasedCounts = (s: Session | null, enabled = true) =>
  usePage(s, { list: 'purchased', page: 1, limit: 1 }, enabled);
