import {
  centsToDollars,
  CONTRACTOR_MESSAGES,
  type DashboardPart,
  type DashboardResponse,
  type InternalResponse,
} from '@leadmarket/contracts';
import { callInternal, type ServiceContext } from '@leadmarket/platform';
import { toView, type ContractorRow } from '../db/contractor.repository.js';
import type { ContractorsDatabase } from '../db/database.js';

/** How long the first screen waits for another service before naming its parts missing. */
const PART_TIMEOUT_MS = 5000;

type Parts = [
  PromiseSettledResult<InternalResponse<'walletDashboard'>>,
  PromiseSettledResult<InternalResponse<'leadDashboard'>>,
  PromiseSettledResult<InternalResponse<'availableCount'>>,
];

/**
 * Ask the three owners for their parts of contractor `id`'s first screen, at once; each settles on
 * its own (a failure is a missing part, never an error of the whole).
 */
export function askParts(ctx: ServiceContext<ContractorsDatabase>, id: string): Promise<Parts> {
  const options = { params: { id }, timeoutMs: PART_TIMEOUT_MS };
  // No transaction is open here: the calls may take a while and embedded mode shares one connection.
  return Promise.allSettled([
    callInternal(ctx.clients, 'walletDashboard', options),
    callInternal(ctx.clients, 'leadDashboard', options),
    callInternal(ctx.clients, 'availableCount', options),
  ]);
}

/**
 * Everything the dashboard's first screen shows, in one answer (one call for the first
 * paint instead of ten). Each part comes from the service that owns it, asked at once: wallet-ledger
 * (balance, auto-reload, 30-day metrics, achievements, history count), lead-intake (claimed leads,
 * each bought list's size), matching (the Available tab's count: its cards are not on the first screen,
 * the tab asks for them when it opens, docs/adr/0029). A service that cannot answer leaves its parts
 * null and named in `missing`, with a plain warning — never a made-up value.
 */
export async function dashboardOf(
  ctx: ServiceContext<ContractorsDatabase>,
  contractor: ContractorRow,
  parts: Promise<Parts> | Parts = askParts(ctx, contractor.id),
): Promise<DashboardResponse> {
  const [wallet, leads, available] = await parts;
  const w = wallet.status === 'fulfilled' && Number.isFinite(wallet.value?.balance_cents) ? wallet.value : null;
  const l = leads.status === 'fulfilled' && Array.isArray(leads.value?.claimed_leads) ? leads.value : null;
  const availableTotal =
    available.status === 'fulfilled' && Number.isFinite(available.value?.total_available)
      ? available.value.total_available
      : null;

  const answer: DashboardResponse = {
    contractor: toView(contractor),
    signup_credit: contractor.signup_credit,
    claimed_leads: l?.claimed_leads ?? null,
    wallet_balance: w ? centsToDollars(w.balance_cents) : null,
    auto_reload: w?.auto_reload ?? null,
    metrics: w?.metrics ?? null,
    gamification: w?.gamification ?? null,
    history_total: w && Number.isFinite(w.history_total) ? w.history_total : null,
    bought_counts: l?.bought_counts ?? null,
    total_available: availableTotal,
  };

  const missing = (Object.keys(answer) as Array<keyof DashboardResponse>).filter(
    (k) => k !== 'contractor' && k !== 'signup_credit' && answer[k] === null,
  ) as DashboardPart[];
  if (missing.length === 0) return answer;
  const warnings: string[] = [];
  const unavailable = (service: string, result: PromiseSettledResult<unknown>) =>
    ctx.logger.warn(
      { service, reason: result.status === 'rejected' ? String(result.reason) : 'bad answer' },
      'dashboard: part unavailable',
    );
  if (!w) {
    warnings.push(CONTRACTOR_MESSAGES.walletUnavailable, CONTRACTOR_MESSAGES.reportsUnavailable);
    unavailable('wallet-ledger', wallet);
  }
  if (!l) {
    warnings.push(CONTRACTOR_MESSAGES.claimedLeadsUnavailable);
    unavailable('lead-intake', leads);
  }
  if (availableTotal === null) {
    warnings.push(CONTRACTOR_MESSAGES.availableLeadsUnavailable);
    unavailable('matching', available);
  }
  return { ...answer, missing, ...(warnings.length ? { warning: warnings.join(' ') } : {}) };
}
