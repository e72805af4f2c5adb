import { INTERNAL_CALLS, type InternalResponse } from '@leadmarket/contracts';
import type { ServiceApp } from '@leadmarket/platform';
import {
  activeContractorCount,
  checkLedger,
  ledgerTransactionsPage,
  platformBalance,
} from '../db/ledger.repository.js';
import { PLATFORM_ACCOUNTS } from '../domain/ledger.js';
import { adjustWallet } from '../use-cases/adjustments.js';
import type { WalletContext } from '../context.js';

/** Internal routes the admin service calls: transactions, adjustments, stats, the ledger check. */
export function registerAdminRoutes(app: ServiceApp, ctx: WalletContext): void {
  // Summed from its entries: the revenue account keeps no cached balance (no hot row for purchases).
  const revenueCents = () => platformBalance(ctx.db, PLATFORM_ACCOUNTS.revenue);

  app.get(
    INTERNAL_CALLS.transactions.path,
    { schema: { querystring: INTERNAL_CALLS.transactions.query } },
    async (request): Promise<InternalResponse<'transactions'>> => {
      const { page, limit } = request.query;
      const { rows, total } = await ledgerTransactionsPage(ctx.db, page, limit);
      return {
        transactions: rows.map((r) => ({
          id: r.id,
          contractor_id: r.contractor_id,
          type: r.kind,
          amount_cents: Number(r.amount_cents),
          date: new Date(r.created_at).toISOString(),
          description: r.description,
          created_by: r.created_by ?? null,
        })),
        // Revenue = lead sales minus approved refunds (the revenue account's balance).
        total_revenue_cents: await revenueCents(),
        total,
      };
    },
  );

  app.post(
    INTERNAL_CALLS.adjustment.path,
    { schema: { body: INTERNAL_CALLS.adjustment.body } },
    async (request): Promise<InternalResponse<'adjustment'>> => {
      const { contractor_id, amount_cents, notes, admin_id, idempotency_key } = request.body;
      const { balance, duplicate } = await adjustWallet(ctx, {
        contractorId: contractor_id,
        amountCents: amount_cents,
        notes,
        adminId: admin_id ?? null,
        idempotencyKey: idempotency_key,
      });
      return { success: true, new_balance_cents: balance, duplicate };
    },
  );

  // Active contractor (wallet view): made a purchase or added funds in the last 30 days.
  app.get(INTERNAL_CALLS.walletStats.path, async (): Promise<InternalResponse<'walletStats'>> => {
    const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const active = await activeContractorCount(ctx.db, since);
    return { total_revenue_cents: await revenueCents(), active_contractors: active };
  });

  app.get(INTERNAL_CALLS.ledgerCheck.path, async (): Promise<InternalResponse<'ledgerCheck'>> => checkLedger(ctx.db));
}
