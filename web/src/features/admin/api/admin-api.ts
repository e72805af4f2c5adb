import { ApiError, callFunction, type CallOptions } from '../../../lib/api';
import type { FunctionName } from '@leadmarket/contracts/routes';
import { listFrom } from '../utils/format';
import type {
  AdminContractor,
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
    stats: () => call<AdminStats>('admin-stats'),
    contractors: async () => listFrom<AdminContractor>(await call('admin-contractors'), 'contractors'),
    leads: async (search: string, status: string) =>
      listFrom<AdminLead>(
        await call('admin-leads', { query: { search: search || undefined, status: status || undefined } }),
        'leads',
      ),
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
      call<{ message?: string; lead_id?: string }>('admin-utilities', {
        method: 'POST',
        body: { action: 'create_lead', ...form },
      }),
    deleteLead: (lead_id: string) =>
      call<{ message?: string }>('admin-delete-lead', { method: 'DELETE', body: { lead_id } }),
    bulkDeleteLeads: (lead_ids: string[]) =>
      call<BulkDeleteResult>('admin-bulk-delete-leads', { method: 'DELETE', body: { lead_ids } }),
    leadPrices: async () => listFrom<LeadPrice>(await call('admin-lead-pricing'), 'prices', 'lead_pricing', 'pricing'),
    setLeadPrice: (category: string, lead_type: string, price: number) =>
      call<{ message?: string }>('admin-lead-pricing', { method: 'PUT', body: { category, lead_type, price } }),
    pricingHistory: async () =>
      listFrom<PricingChange>(await call('admin-pricing-history'), 'history', 'pricing_history'),
    refunds: async () =>
      listFrom<RefundRequest>(await call('admin-refund-management'), 'refund_requests', 'refunds', 'requests'),
    decideRefund: (refund_request_id: string, action: 'approve' | 'reject', admin_notes: string) =>
      call<{ message?: string }>('admin-refund-management', {
        method: 'POST',
        body: { refund_request_id, action, admin_notes },
      }),
    siteMessages: async (kind: 'waitlist' | 'contact', page: number, limit: number) => {
      const body = await call<{ items?: SiteMessage[]; total?: number }>('admin-site-messages', {
        query: { kind, page, limit },
      });
      return { items: listFrom<SiteMessage>(body, 'items'), total: Number(body?.total ?? 0) };
    },
  };
}

/** Answer of both bulk deletes (contracts AdminBulkDeleteResponseSchema): how many went and which failed. */
export interface BulkDeleteResult {
  message?: string;
  deleted_count?: number;
  failed?: Array<{ id: string; message: string }>;
}

/** The bound admin API a page works with. */
export type AdminApi = ReturnType<typeof createAdminApi>;
