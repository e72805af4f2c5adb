import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { HISTORY_PAGE_SIZE, METRICS_WINDOW_DAYS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import type { FunctionName } from '@leadmarket/contracts/routes';
import { ApiError, callFunction, functionUrl } from '../../../lib/api';
import type {
  AutoCreditsResponse,
  GamificationResponse,
  LeadReceipt,
  RefundRequestsResponse,
  SpendCapsAnswer,
  VerifyReceiptResponse,
  WalletStatement,
  WeeklyReportsResponse,
} from '@leadmarket/contracts';
import type {
  AutoReloadSettings,
  AvailableLeadsPayload,
  CategoryPricing,
  DashboardPayload,
  HistoryPayload,
  Option,
  PerformanceMetrics,
  PurchasedPage,
  BoughtList,
} from './types';

/** Who is signed in: the contractor id of the route and the stored session token. */
export interface Session {
  contractorId: string;
  token: string;
}

/** New leads show up without a reload: every dashboard query refreshes on this interval and on focus. */
export const REFRESH_MS = 30_000;

/** The text to show for a failed call: network failures get the spec's network text, else the server's or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? MESSAGES.contractor.network : error.messageOr(fallback);
  return MESSAGES.contractor.network;
}

const KEY_PREFIX = 'dashboard';
type Key = readonly [typeof KEY_PREFIX, FunctionName, string, ...unknown[]];

/**
 * One dashboard call under SWR. `enabled` false makes no call at all: the first screen comes from the
 * aggregate (contractors-dashboard), and a tab's own call runs only while that tab is open or when the
 * aggregate named its part missing.
 */
function useDashboardQuery<T>(
  session: Session | null,
  name: FunctionName,
  extraQuery: Record<string, string | number> = {},
  enabled = true,
) {
  const key: Key | null =
    session && enabled ? [KEY_PREFIX, name, session.contractorId, JSON.stringify(extraQuery)] : null;
  return useSWR<T, unknown>(
    key,
    () =>
      callFunction<T>(name, {
        token: session!.token,
        query: { contractor_id: session!.contractorId, session_token: session!.token, ...extraQuery },
      }),
    { refreshInterval: REFRESH_MS, revalidateOnFocus: true, keepPreviousData: true },
  );
}

/** A function that revalidates every dashboard query of the current SWR cache (after each action, and after a payment return). */
export function useRefreshDashboard(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => Array.isArray(key) && key[0] === KEY_PREFIX), [mutate]);
}

export const useDashboard = (s: Session | null) => useDashboardQuery<DashboardPayload>(s, 'contractors-dashboard');
export const useAvailableLeads = (s: Session | null, enabled = true) =>
  useDashboardQuery<AvailableLeadsPayload>(s, 'contractors-available-leads', {}, enabled);
/** One page of one list of bought leads, paged and searched by the server (LIST_PAGE_SIZE a page). */
export const usePurchasedPage = (s: Session | null, list: BoughtList, page: number, limit: number, search: string) =>
  useDashboardQuery<PurchasedPage>(s, 'get-purchased-leads', { list, page, limit, ...(search ? { search } : {}) });
/** The size of every list of bought leads (for the tab labels): the smallest page carries them. */
export const usePurchasedCounts = (s: Session | null, enabled = true) =>
  useDashboardQuery<PurchasedPage>(s, 'get-purchased-leads', { list: 'purchased', page: 1, limit: 1 }, enabled);
export const useCategoryPricing = (s: Session | null, enabled = true) =>
  useDashboardQuery<CategoryPricing | { pricing?: CategoryPricing; category_pricing?: CategoryPricing }>(
    s,
    'get-category-pricing',
    {},
    enabled,
  );
export const useAutoReload = (s: Session | null, enabled = true) =>
  useDashboardQuery<AutoReloadSettings | { settings: AutoReloadSettings }>(s, 'auto-reload-settings', {}, enabled);
export const useMetrics = (s: Session | null, enabled = true) =>
  useDashboardQuery<PerformanceMetrics>(s, 'contractor-performance-metrics', { days: METRICS_WINDOW_DAYS }, enabled);
export const useGamification = (s: Session | null, enabled = true) =>
  useDashboardQuery<GamificationResponse>(s, 'gamification-scoring', {}, enabled);
export const useHistory = (s: Session | null, page: number, enabled = true) =>
  useDashboardQuery<HistoryPayload>(s, 'get-lead-purchase-history', { page, limit: HISTORY_PAGE_SIZE }, enabled);
/** The contractor's refund requests (pending ones mark their lead's card). */
export const useRefundRequests = (s: Session | null, enabled = true) =>
  useDashboardQuery<RefundRequestsResponse>(s, 'get-refund-requests', {}, enabled);
/** One page of the wallet statement (newest first, running balance after each line). */
export const useWalletStatement = (s: Session | null, offset: number, limit: number) =>
  useDashboardQuery<WalletStatement>(s, 'get-wallet-statement', { offset, limit });
/** The contractor's spend caps, auto-reload limits and what it spent in the current day and week. */
export const useSpendCaps = (s: Session | null, enabled = true) =>
  useDashboardQuery<SpendCapsAnswer>(s, 'spend-caps', {}, enabled);
/** The contractor's automatic credits (docs/adr/0012) and the rules that grant them. */
export const useAutoCredits = (s: Session | null) => useDashboardQuery<AutoCreditsResponse>(s, 'get-auto-credits');
export const useWeeklyReports = (s: Session | null, enabled = true) =>
  useDashboardQuery<WeeklyReportsResponse>(s, 'weekly-reports', {}, enabled);

/** The pricing map whether the server wraps it or not. */
export function pricingMap(data: ReturnType<typeof useCategoryPricing>['data']): CategoryPricing | undefined {
  if (!data) return undefined;
  const wrapped =
    (data as { pricing?: CategoryPricing; category_pricing?: CategoryPricing }).pricing ??
    (data as { category_pricing?: CategoryPricing }).category_pricing;
  return wrapped ?? (data as CategoryPricing);
}

/** The first array a list answer carries (a bare array, or an object with one list field). */
export function listOf<T>(data: unknown, ...fields: string[]): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    for (const field of fields)
      if (Array.isArray((data as Record<string, unknown>)[field])) return (data as Record<string, T[]>)[field];
    const first = Object.values(data).find(Array.isArray);
    if (first) return first as T[];
  }
  return [];
}

/** Unwrap `{ settings }` answers or take the object as it is. */
export function unwrap<T>(data: unknown, field: string): T | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const inner = (data as Record<string, unknown>)[field];
  return (inner && typeof inner === 'object' ? inner : data) as T;
}

const post = <T>(name: FunctionName, session: Session, body: Record<string, unknown>) =>
  callFunction<T>(name, {
    method: 'POST',
    token: session.token,
    body: { contractor_id: session.contractorId, ...body },
  });

/** Contractor actions of §7, each sending the bearer token and the spec's body. */
export const actions = {
  purchaseLead: (s: Session, leadId: string) =>
    post<{ success?: boolean; new_wallet_balance?: number; message?: string }>('purchase-lead', s, {
      lead_id: leadId,
      session_token: s.token,
    }),
  archiveLead: (s: Session, leadId: string) =>
    post<{ success?: boolean; message?: string }>('archive-lead', s, { lead_id: leadId, session_token: s.token }),
  completeLead: (s: Session, leadId: string) =>
    post<{ success?: boolean; message?: string }>('mark-lead-complete', s, { lead_id: leadId }),
  markContacted: (s: Session, leadId: string, via: 'marked' | 'call') =>
    post<{ success?: boolean; contacted_at?: string; message?: string }>('mark-lead-contacted', s, {
      lead_id: leadId,
      via,
    }),
  requestRefund: (s: Session, leadId: string, reason: string) =>
    post<{ success?: boolean; message?: string }>('request-refund', s, { lead_id: leadId, reason }),
  startFunding: (s: Session, amount: number) =>
    post<{ payment_url?: string }>('contractors-purchase-credits', s, { amount }),
  updateSms: (s: Session, smsOptIn: boolean) =>
    post<{ sms_opt_in?: boolean }>('update-contractor-sms', s, { session_token: s.token, sms_opt_in: smsOptIn }),
  updateAutoReload: (s: Session, changed: Partial<AutoReloadSettings>) =>
    post<unknown>('auto-reload-settings', s, { session_token: s.token, ...changed }),
  /** The buyer's receipt of one lead (proof of exclusivity). */
  leadReceipt: (s: Session, leadId: string) =>
    callFunction<LeadReceipt>('get-lead-receipt', {
      token: s.token,
      query: { lead_id: leadId, contractor_id: s.contractorId, session_token: s.token },
    }),
  /** The public check anyone can make of a receipt (no session sent). */
  verifyReceipt: (body: { receipt?: LeadReceipt['receipt']; lead_id?: string; code: string }) =>
    callFunction<VerifyReceiptResponse>('verify-lead-receipt', { method: 'POST', body }),
  updateSpendCaps: (s: Session, changed: Record<string, string>) =>
    post<SpendCapsAnswer>('spend-caps', s, { session_token: s.token, ...changed }),
  updateProfile: (s: Session, profile: Record<string, unknown>) =>
    post<{ success?: boolean; message?: string }>('update-contractor-profile', s, {
      ...profile,
      session_token: s.token,
    }),
};

/** The whole statement as a CSV file, fetched with the bearer token (never in a URL) and handed to the browser. */
export async function downloadStatementCsv(s: Session): Promise<void> {
  let response: Response;
  try {
    response = await fetch(functionUrl('get-wallet-statement', { format: 'csv' }), {
      headers: { authorization: `Bearer ${s.token}`, accept: 'text/csv' },
    });
  } catch (error) {
    throw new ApiError(0, undefined, error);
  }
  if (!response.ok) throw new ApiError(response.status, 'Failed to download the statement', undefined);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `wallet-statement-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Industry options (public call). */
export async function loadIndustries(): Promise<Option[]> {
  return listOf<Option>(await callFunction('industries'), 'industries', 'options');
}

/** Sub-service options of one industry (public call). */
export async function loadSubServices(industry: string): Promise<Option[]> {
  return listOf<Option>(
    await callFunction('sub-services', { query: { industry } }),
    'sub_services',
    'subServices',
    'options',
  );
}
