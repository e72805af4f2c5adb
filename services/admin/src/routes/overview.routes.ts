import {
  AdminContractorsQuerySchema,
  AdminLeadsQuerySchema,
  AdminTransactionsQuerySchema,
  functionPath,
} from '@leadmarket/contracts';
import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import { centsToDollars } from '../domain/money.js';
import { contractorsByIds, type OwnerContractor } from '../owners/lookups.js';
import { callOwner } from '../owners/owner-call.js';

/**
 * What activeContractors counts (the contractors service owns the rule): contractors not deleted
 * who logged in or bought a lead within the last 30 days.
 */
export const ACTIVE_DEFINITION = 'Contractors not deleted who logged in or purchased a lead within the last 30 days';

/** The read-only admin views: admin-stats, admin-contractors, admin-leads, admin-transactions. */
export function registerOverviewRoutes(app: ServiceApp, ctx: ServiceContext): void {
  app.get(functionPath('admin-stats'), async () => {
    const [contractors, leads, wallet] = await Promise.all([
      callOwner<{ total_contractors: number; active_contractors: number }>(ctx, 'contractors', '/internal/stats'),
      callOwner<{ total_leads: number }>(ctx, 'lead-intake', '/internal/stats'),
      callOwner<{ total_revenue_cents: number }>(ctx, 'wallet-ledger', '/internal/stats'),
    ]);
    return {
      totalLeads: Number(leads.total_leads),
      totalContractors: Number(contractors.total_contractors),
      totalRevenue: centsToDollars(Number(wallet.total_revenue_cents)),
      activeContractors: Number(contractors.active_contractors),
      active_definition: ACTIVE_DEFINITION,
    };
  });

  app.get(functionPath('admin-contractors'), async (request) => {
    const query = AdminContractorsQuerySchema.parse(request.query);
    const listed = await callOwner<{ contractors: OwnerContractor[]; total: number }>(
      ctx,
      'contractors',
      '/internal/contractors',
      {
        query: { search: query.search || undefined, page: query.page, limit: query.limit },
      },
    );
    const ids = (listed.contractors ?? []).map((c) => c.id);
    const summary = ids.length
      ? await callOwner<{
          wallets: Array<{
            contractor_id: string;
            balance_cents: number;
            leads_purchased: number;
            total_spend_cents: number;
          }>;
        }>(ctx, 'wallet-ledger', '/internal/wallets/summary', { body: { contractor_ids: ids } })
      : { wallets: [] };
    const wallets = new Map(summary.wallets.map((w) => [w.contractor_id, w]));
    return {
      contractors: (listed.contractors ?? []).map((c) => {
        const w = wallets.get(c.id);
        return {
          id: c.id,
          business_name: c.business_name,
          contact_name: c.contact_name,
          email: c.email,
          phone: c.phone,
          industry: c.industry,
          sub_service: c.sub_service,
          zip_codes: c.zip_codes ?? [],
          created_at: c.created_at,
          wallet_balance: centsToDollars(w?.balance_cents ?? 0),
          total_leads_purchased: w?.leads_purchased ?? 0,
          total_spend: centsToDollars(w?.total_spend_cents ?? 0),
        };
      }),
      total: Number(listed.total ?? ids.length),
    };
  });

  app.get(functionPath('admin-leads'), async (request) => {
    const query = AdminLeadsQuerySchema.parse(request.query);
    const listed = await callOwner<{ leads: any[]; total: number }>(ctx, 'lead-intake', '/internal/leads', {
      query: {
        search: query.search || undefined,
        status: query.status && query.status !== 'all' ? query.status : undefined,
        page: query.page,
        limit: query.limit,
      },
    });
    const leads = listed.leads ?? [];
    const names = await contractorsByIds(
      ctx,
      leads.flatMap((l) => (l.contractor_leads ?? []).map((a: any) => String(a.contractor_id))),
    );
    return {
      leads: leads.map((lead) => ({
        ...lead,
        contractor_leads: (lead.contractor_leads ?? []).map((a: any) => ({
          id: String(a.id),
          status: String(a.status),
          contractor_id: String(a.contractor_id),
          contractors: { business_name: names.get(String(a.contractor_id))?.business_name ?? 'Deleted contractor' },
        })),
      })),
      total: Number(listed.total ?? leads.length),
    };
  });

  app.get(functionPath('admin-transactions'), async (request) => {
    const query = AdminTransactionsQuerySchema.parse(request.query);
    const listed = await callOwner<{
      transactions: Array<{
        id: string;
        contractor_id: string;
        type: string;
        amount_cents: number;
        date: string;
        description: string;
      }>;
      total_revenue_cents: number;
      total: number;
    }>(ctx, 'wallet-ledger', '/internal/transactions', { query: { page: query.page, limit: query.limit } });
    const transactions = listed.transactions ?? [];
    const names = await contractorsByIds(
      ctx,
      transactions.map((t) => t.contractor_id),
    );
    return {
      transactions: transactions.map((t) => {
        const c = names.get(t.contractor_id);
        return {
          id: t.id,
          contractor_id: t.contractor_id,
          contractors: { business_name: c?.business_name ?? 'Deleted contractor', contact_name: c?.contact_name ?? '' },
          type: t.type,
          amount: centsToDollars(t.amount_cents),
          date: t.date,
          description: t.description,
        };
      }),
      total_revenue: centsToDollars(Number(listed.total_revenue_cents ?? 0)),
      total: Number(listed.total ?? transactions.length),
    };
  });
}
