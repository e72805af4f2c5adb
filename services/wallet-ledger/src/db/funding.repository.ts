import { AUTO_RELOAD_DEFAULTS } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';
import { walletAccountOf } from '../domain/ledger.js';
import type { WalletLedgerDatabase } from './database.js';

/** A wallet's auto-reload settings, or the defaults when it has none yet: reading never creates a wallet. */
export async function autoReloadSettingsOf(db: Kysely<WalletLedgerDatabase>, contractorId: string) {
  const row = await db
    .selectFrom('wallet_settings')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  return row ?? defaultAutoReloadSettings(contractorId);
}

/** What autoReloadSettingsOf answers for a wallet without settings. */
export const defaultAutoReloadSettings = (contractorId: string) => ({
  contractor_id: contractorId,
  auto_reload_enabled: AUTO_RELOAD_DEFAULTS.enabled as boolean,
  auto_reload_threshold_cents: AUTO_RELOAD_DEFAULTS.thresholdDollars * 100,
  auto_reload_amount_cents: AUTO_RELOAD_DEFAULTS.amountDollars * 100,
  auto_reload_disabled_reason: null as string | null,
  stripe_payment_method_id: null as string | null,
});

/** Change some auto-reload settings of an existing wallet (ensureWallet first). */
export async function updateAutoReloadSettings(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  patch: {
    auto_reload_enabled?: boolean;
    auto_reload_disabled_reason?: null;
    auto_reload_threshold_cents?: number;
    auto_reload_amount_cents?: number;
  },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('wallet_settings')
    .set({ ...patch, updated_at: new Date() })
    .where('contractor_id', '=', contractorId)
    .execute();
}

/** A checkout session by its (Stripe or development) session id. */
export const findFundingSession = (db: Kysely<WalletLedgerDatabase>, sessionId: string) =>
  db.selectFrom('funding_sessions').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirst();

/** Balance, purchases kept and spend of each contractor (zeros for one without a wallet), in the order asked. */
export async function walletSummaries(db: Kysely<WalletLedgerDatabase>, contractorIds: string[]) {
  const ids = [...new Set(contractorIds)];
  if (ids.length === 0) return [];
  const balances = await db
    .selectFrom('accounts')
    .select(['contractor_id', 'balance_cents'])
    .where('id', 'in', ids.map(walletAccountOf))
    .execute();
  const spend = await db
    .selectFrom('purchases')
    .select(['contractor_id', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(price_cents), 0)`.as('total')])
    .where('contractor_id', 'in', ids)
    .where('status', '<>', 'refunded')
    .groupBy('contractor_id')
    .execute();
  return ids.map((id) => {
    const s = spend.find((r) => r.contractor_id === id);
    return {
      contractor_id: id,
      balance_cents: Number(balances.find((b) => b.contractor_id === id)?.balance_cents ?? 0),
      leads_purchased: Number(s?.n ?? 0),
      total_spend_cents: Number(s?.total ?? 0),
    };
  });
}
