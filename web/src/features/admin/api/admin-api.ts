import type {
  ConfirmationRule,
  ConfirmationRulesResponse,
  AdminBulkDeleteResponseSchema,
  CategoryOutcomesResponse,
  AdminTestLeadResponseSchema,
  LeadReceipt,
  ScreeningRejectionsResponse,
  ScreeningRules,
  ScreeningRulesResponse,
} from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { ApiError, callFunction, functionUrl, type CallOptions } from '../../../lib/api';
import type { FunctionName } from '@leadmarket/contracts/routes';
import type { PriceRowRef } from '@leadmarket/contracts/pricing';
import { listFrom } from '../utils/format';
import type { ListPage, ListQuery } from './list-page';
import type {
  AdminContractor,
  AuditPage,
  AuditQuery,
  ContractorPageData,
  AdminLead,
  AdminStats,
  LeadPrice,
  PricingChange,
  RefundRequest,
  SiteMessage,
  TestLeadForm,
  Transaction,
} from './types';

/** Public: whether the login card needs an email field. */
export async function fetchLoginOptions(): Promise<{ multiple_admins: boolean }> {
  const body = await callFunction<{ multiple_admins?: boolean }>('admin-login-options');
  return { multiple_admins: body?.multiple_admins === true };
}

/** Log in; answers the session token to send as bearer on every admin call. */
export async function adminLogin(password: string, email?: string): Promise<string> {
  const body = await callFunction<{ session_token?: string }>('admin-login', {
    method: 'POST',
    body: email ? { email, password } : { password },
  });
  if (!body?.session_token) throw new ApiError(500, undefined, body);
  return body.session_token;
}

/** Thrown in place of the failed call when the admin session is gone (401): the page returns to the login card. */
export class AdminSessionExpired extends Error {
  constructor() {
    super('Admin session expired');
    this.name = 'AdminSessionExpired';
  }
}

/** Every admin call, bound to a session token; a 401 calls onUnauthorized before the error propagates. */
export function createAdminApi(token: string, onUnauthorized: () => void) {
  async function call<T>(name: FunctionName, options: Omit<CallOptions, 'token'> = {}): Promise<T> {
    try {
      return await callFunction<T>(name, { ...options, token });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorized();
        throw new AdminSessionExpired();
      }
      throw error;
    }
  }

  return {
    logout: () => call('admin-logout', { method: 'POST', body: {} }),
    /** The proof of exclusivity of a sold lead. */
    leadReceipt: (leadId: string) => call<LeadReceipt>('admin-lead-receipt', { query: { lead_id: leadId } }),
    stats: () => call<AdminStats>('admin-stats'),
    contractors: async (q: ListQuery): Promise<ListPage<AdminContractor>> => {
      const body = await call<{ contractors?: AdminContractor[]; total?: number }>('admin-contractors', {
        query: listParams(q),
      });
      return { rows: listFrom<AdminContractor>(body, 'contractors'), total: Number(body?.total ?? 0) };
    },
    leads: async (q: ListQuery): Promise<ListPage<AdminLead>> => {
      const body = await call<{ leads?: AdminLead[]; total?: number }>('admin-leads', { query: listParams(q) });
      return { rows: listFrom<AdminLead>(body, 'leads'), total: Number(body?.total ?? 0) };
    },
    /** Every row matching the query as the server's CSV download; answers the file and its row count. */
    exportAll: async (name: 'admin-leads-export' | 'admin-contractors-export', q: ListQuery) => {
      const { page: _page, limit: _limit, ...rest } = listParams(q);
      let response: Response;
      try {
        response = await fetch(functionUrl(name, rest), { headers: { authorization: `Bearer ${token}` } });
      } catch (error) {
        throw new ApiError(0, undefined, error);
      }
      if (response.status === 401) {
        onUnauthorized();
        throw new AdminSessionExpired();
      }
      if (!response.ok) {
        const body = await response.json().catch(() => undefined);
        throw new ApiError(response.status, body?.message ?? body?.detail, body);
      }
      const fileName =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
      return { blob: await response.blob(), fileName, rows: Number(response.headers.get('x-row-count') ?? 0) };
    },
    contractorPage: (contractor_id: string, offset = 0) =>
      call<ContractorPageData>('admin-contractor', { query: { contractor_id, offset, limit: 25 } }),
    /** The screening desk: functions of the screening service, with this admin session. */
    screeningRejections: (q: { reason: string; from: string; to: string; page: number; limit: number }) =>
      call<ScreeningRejectionsResponse>('admin-screening-rejections', {
        query: {
          reason: q.reason || undefined,
          from: q.from || undefined,
          to: q.to || undefined,
          page: q.page,
          limit: q.limit,
        },
      }),
    releaseLead: (lead_id: string) =>
      call<{ message: string; released_at: string }>('admin-screening-release', { method: 'POST', body: { lead_id } }),
    screeningRules: () => call<ScreeningRulesResponse>('admin-screening-rules'),
    saveScreeningRules: (rules: ScreeningRules) =>
      call<ScreeningRulesResponse>('admin-screening-rules', { method: 'PUT', body: rules }),
    /** Each category's phone confirmation rule: matching's own function, with this admin session. */
    confirmationRules: () => call<ConfirmationRulesResponse>('admin-confirmation-rules'),
    saveConfirmationRule: (rule: ConfirmationRule) =>
      call<ConfirmationRulesResponse>('admin-confirmation-rules', { method: 'PUT', body: rule }),
    auditLog: (q: AuditQuery) =>
      call<AuditPage>('admin-audit-log', {
        query: {
          action: q.action || undefined,
          admin_id: q.admin_id || undefined,
          from: q.from || undefined,
          to: q.to || undefined,
          // The date inputs are the admin's local days.
          tz_offset: q.from || q.to ? new Date(`${q.from || q.to}T12:00:00`).getTimezoneOffset() : undefined,
          page: q.page,
          limit: q.limit,
        },
      }),
    transactions: async () => {
      const body = await call<{ transactions?: Transaction[]; total_revenue?: number }>('admin-transactions');
      return {
        transactions: listFrom<Transaction>(body, 'transactions'),
        total_revenue: Number(body?.total_revenue ?? 0),
      };
    },
    adjustWallet: (contractor_id: string, amount: number, notes: string, idempotency_key?: string) =>
      call<{ message?: string }>('admin-wallet-adjust', {
        method: 'POST',
        body: { contractor_id, amount, notes, idempotency_key },
      }),
    deleteContractor: (contractor_id: string) =>
      call<{ message?: string }>('admin-delete-contractor', { method: 'DELETE', body: { contractor_id } }),
    bulkDeleteContractors: (contractor_ids: string[]) =>
      call<BulkDeleteResult>('admin-bulk-delete-contractors', { method: 'DELETE', body: { contractor_ids } }),
    createTestLead: (form: TestLeadForm) =>
      call<TestLeadResult>('admin-utilities', {
        method: 'POST',
        body: { action: 'create_lead', ...form },
      }),
    deleteLead: (lead_id: string) =>
      call<{ message?: string }>('admin-delete-lead', { method: 'DELETE', body: { lead_id } }),
    bulkDeleteLeads: (lead_ids: string[]) =>
      call<BulkDeleteResult>('admin-bulk-delete-leads', { method: 'DELETE', body: { lead_ids } }),
    leadPrices: async () => listFrom<LeadPrice>(await call('admin-lead-pricing'), 'prices', 'lead_pricing', 'pricing'),
    setLeadPrice: (row: PriceRowRef, lead_type: string, price: number, confirm_zero = false) =>
      call<{ message?: string }>('admin-lead-pricing', {
        method: 'PUT',
        body: { category: row.category, sub_service: row.sub_service, lead_type, price, confirm_zero },
      }),
    resetLeadPrice: (row: PriceRowRef, lead_type: string) =>
      call<{ message?: string }>('admin-lead-pricing', {
        method: 'DELETE',
        body: { category: row.category, sub_service: row.sub_service, lead_type },
      }),
    /** Every contractor's close rate and ROI per category (docs/adr/0047-lead-outcomes.md). */
    categoryOutcomes: () => call<CategoryOutcomesResponse>('admin-category-outcomes'),
    pricingHistory: async () =>
      listFrom<PricingChange>(await call('admin-pricing-history'), 'history', 'pricing_history'),
    refunds: async () =>
      listFrom<RefundRequest>(await call('admin-refund-management'), 'refund_requests', 'refunds', 'requests'),
    decideRefund: (refund_request_id: string, action: 'approve' | 'reject', admin_notes: string) =>
      call<{ message?: string }>('admin-refund-management', {
        method: 'POST',
        body: { refund_request_id, action, admin_notes },
      }),
    /** Take an automatic credit back (docs/adr/0012); audited by the admin service. */
    reverseAutoCredit: (credit_id: string, notes: string) =>
      call<{ message?: string; new_balance?: number }>('admin-reverse-auto-credit', {
        method: 'POST',
        body: { credit_id, notes },
      }),
    siteMessages: async (kind: 'waitlist' | 'contact', page: number, limit: number) => {
      const body = await call<{ items?: SiteMessage[]; total?: number }>('admin-site-messages', {
        query: { kind, page, limit },
      });
      return { items: listFrom<SiteMessage>(body, 'items'), total: Number(body?.total ?? 0) };
    },
  };
}

/** The query string of a list page (empty values left out). */
function listParams(q: ListQuery) {
  return {
    search: q.search || undefined,
    status: q.status || undefined,
    sort: q.sort,
    page: q.page,
    limit: q.limit,
  };
}

/** What Create Test Lead answers: the lead and screening's verdict with its reasons. */
export type TestLeadResult = z.infer<typeof AdminTestLeadResponseSchema>;

/** Answer of both bulk deletes: how many went and which failed. */
export type BulkDeleteResult = z.infer<typeof AdminBulkDeleteResponseSchema>;

/** The bound admin API a page works with. */
export type AdminApi = ReturnType<typeof createAdminApi>;
