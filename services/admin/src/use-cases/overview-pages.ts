import type { ServiceContext } from '@leadmarket/platform';
import type { AdminDatabase } from '../db/database.js';
import { centsToDollars } from '../domain/money.js';
import { contractorsByIds } from '../owners/lookups.js';
import { ownerCall } from '../owners/owner-call.js';

/**
 * The admin's read-only views, each merged from the services that own its facts: contractors and
 * their wallets, leads and the business names of their assignments, transactions and their payers.
 */

/**
 * What activeContractors counts (the contractors service owns the rule): contractors not deleted
 * who logged in or bought a lead within the last 30 days.
 */
export const ACTIVE_DEFINITION = 'Contractors not deleted who logged in or purchased a lead within the last 30 days';

/** admin-stats: the three owners' totals at once. */
export async function overviewStats(ctx: ServiceContext<AdminDatabase>) {
  const [contractors, leads, wallet] = await Promise.all([
    ownerCall(ctx, 'contractorStats', {}),
    ownerCall(ctx, 'leadStats', {}),
    ownerCall(ctx, 'walletStats', {}),
  ]);
  return {
    totalLeads: Number(leads.total_leads),
    totalContractors: Number(contractors.total_contractors),
    totalRevenue: centsToDollars(Number(wallet.total_revenue_cents)),
    activeContractors: Number(contractors.active_contractors),
    active_definition: ACTIVE_DEFINITION,
  };
}

export type ContractorsQuery = { search?: string; sort?: 'newest' | 'oldest'; page: number; limit: number };
export type LeadsQuery = ContractorsQuery & { status?: string };

/** One page of the admin Contractors table: the contractors service's list joined with wallet figures. */
export async function contractorsPage(ctx: ServiceContext<AdminDatabase>, query: ContractorsQuery) {
  const listed = await ownerCall(ctx, 'contractorList', {
    query: { search: query.search || undefined, sort: query.sort, page: query.page, limit: query.limit },
  });
  const ids = (listed.contractors ?? []).map((c) => c.id);
  const summary = ids.length
    ? await ownerCall(ctx, 'walletSummary', { body: { contractor_ids: ids } })
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
}

/** One page of the admin Leads table: lead-intake's list with the business names of its assignments. */
export async function leadsPage(ctx: ServiceContext<AdminDatabase>, query: LeadsQuery) {
  const listed = await ownerCall(ctx, 'adminLeads', {
    query: {
      search: query.search || undefined,
      status: query.status && query.status !== 'all' ? query.status : undefined,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    },
  });
  const leads = listed.leads ?? [];
  const names = await contractorsByIds(
    ctx,
    leads.flatMap((l) => l.contractor_leads.map((a) => a.contractor_id)),
  );
  return {
    leads: leads.map((lead) => ({
      ...lead,
      contractor_leads: lead.contractor_leads.map((a) => ({
        id: String(a.id),
        status: String(a.status),
        contractor_id: String(a.contractor_id),
        contractors: { business_name: names.get(String(a.contractor_id))?.business_name ?? 'Deleted contractor' },
        ...(a.offer_round ? { offer_round: Number(a.offer_round) } : {}),
      })),
    })),
    total: Number(listed.total ?? leads.length),
  };
}

/** One page of the admin Transactions table: wallet-ledger's list with each payer's names. */
export async function transactionsPage(ctx: ServiceContext<AdminDatabase>, query: { page: number; limit: number }) {
  const listed = await ownerCall(ctx, 'transactions', { query: { page: query.page, limit: query.limit } });
  const transactions = listed.transactions ?? [];
  const names = await contractorsByIds(
    ctx,
    transactions.flatMap((t) => (t.contractor_id ? [t.contractor_id] : [])),
  );
  return {
    transactions: transactions.map((t) => {
      const c = t.contractor_id ? names.get(t.contractor_id) : undefined;
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
}
