import { centsToDollars, CONTRACTOR_MESSAGES, functionPath, type DashboardResponse } from '@leadmarket/contracts';
import { contractorIdOf, unauthorized, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { findContractor, toView } from '../db/contractor.repository.js';
import type { ContractorsDatabase } from '../db/database.js';

/**
 * The dashboard aggregate. Each part comes from the service that owns it; when one cannot answer,
 * the part is null and named in `missing` (never a made-up balance).
 */
export function registerDashboardRoutes(app: ServiceApp, ctx: ServiceContext<ContractorsDatabase>): void {
  app.get(functionPath('contractors-dashboard'), async (request) => {
    const contractorId = contractorIdOf(request);
    const contractor = await findContractor(ctx.db, contractorId);
    if (!contractor) throw unauthorized();
    const id = encodeURIComponent(contractorId);
    // No transaction is open here: the calls may take a while and embedded mode shares one connection.
    const [wallet, claimed] = await Promise.allSettled([
      ctx.clients.call<{ balance_cents: number }>('wallet-ledger', `/internal/wallets/${id}`, { timeoutMs: 5000 }),
      ctx.clients.call<{ claimed_leads: unknown[] }>('lead-intake', `/internal/contractors/${id}/claimed-leads`, {
        timeoutMs: 5000,
      }),
    ]);
    const answer: DashboardResponse = {
      contractor: toView(contractor),
      claimed_leads:
        claimed.status === 'fulfilled' && Array.isArray(claimed.value?.claimed_leads)
          ? claimed.value.claimed_leads
          : null,
      wallet_balance:
        wallet.status === 'fulfilled' && Number.isFinite(wallet.value?.balance_cents)
          ? centsToDollars(wallet.value.balance_cents)
          : null,
    };
    const missing: NonNullable<DashboardResponse['missing']> = [];
    const warnings: string[] = [];
    if (answer.wallet_balance === null) {
      missing.push('wallet_balance');
      warnings.push(CONTRACTOR_MESSAGES.walletUnavailable);
      ctx.logger.warn(
        { reason: wallet.status === 'rejected' ? String(wallet.reason) : 'bad answer' },
        'dashboard: wallet balance unavailable',
      );
    }
    if (answer.claimed_leads === null) {
      missing.push('claimed_leads');
      warnings.push(CONTRACTOR_MESSAGES.claimedLeadsUnavailable);
      ctx.logger.warn(
        { reason: claimed.status === 'rejected' ? String(claimed.reason) : 'bad answer' },
        'dashboard: claimed leads unavailable',
      );
    }
    if (missing.length) Object.assign(answer, { missing, warning: warnings.join(' ') });
    return answer;
  });
}
