import { preparedRead } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { walletAccountOf } from '../domain/ledger.js';
import { defaultAutoReloadSettings } from './funding.repository.js';
import { PURCHASE_FACT_COLUMNS } from './reports.repository.js';
import type { PurchaseFact } from '../domain/reports.js';
import type { WalletLedgerDatabase } from './database.js';

/** The settings columns the first screen shows (settingsAnswer). */
const SETTINGS_SHOWN = [
  'auto_reload_enabled',
  'auto_reload_threshold_cents',
  'auto_reload_amount_cents',
  'auto_reload_disabled_reason',
  'stripe_payment_method_id',
] as const;

/** A timestamp as json_agg/to_json write it (ISO 8601 with an offset), or null. */
const date = (v: string | Date | null | undefined): Date | null => (v == null ? null : new Date(v));

/** Compiled once, sent as a prepared statement (preparedRead). */
const firstPaintRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { contractorId: string; account: string }) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('accounts').select('balance_cents').where('id', '=', p.account).as('balance_cents'),
    jsonObjectFrom(
      eb.selectFrom('wallet_settings').select(SETTINGS_SHOWN).where('contractor_id', '=', p.contractorId),
    ).as('settings'),
    jsonArrayFrom(
      eb.selectFrom('purchases').select(PURCHASE_FACT_COLUMNS).where('contractor_id', '=', p.contractorId),
    ).as('purchases'),
  ]),
);

/**
 * What wallet-ledger's part of the dashboard's first screen reads — the wallet's balance, its
 * auto-reload settings (the defaults when it has none) and every purchase as report facts — in ONE
 * statement instead of three (walletBalance, autoReloadSettingsOf, purchaseFacts answer the same one
 * by one): one round trip, one connection from the pool, one statement for PostgreSQL to plan.
 */
export async function firstPaintFacts(
  db: Kysely<WalletLedgerDatabase>,
  contractorId: string,
): Promise<{
  balanceCents: number;
  settings: ReturnType<typeof defaultAutoReloadSettings>;
  facts: PurchaseFact[];
}> {
  const [row] = await firstPaintRead(db, { contractorId, account: walletAccountOf(contractorId) });
  if (!row) throw new Error('firstPaintFacts: no row');
  const settings = row.settings
    ? { contractor_id: contractorId, ...row.settings }
    : defaultAutoReloadSettings(contractorId);
  return {
    balanceCents: Number(row.balance_cents ?? 0),
    settings: {
      ...settings,
      auto_reload_threshold_cents: Number(settings.auto_reload_threshold_cents),
      auto_reload_amount_cents: Number(settings.auto_reload_amount_cents),
    },
    facts: (row.purchases ?? []).map((r) => ({
      price_cents: Number(r.price_cents),
      status: r.status,
      purchased_at: date(r.purchased_at)!,
      offered_at: date(r.offered_at),
      completed_at: date(r.completed_at),
      refunded_at: date(r.refunded_at),
      contacted_at: date(r.contacted_at),
      outcome: r.outcome,
      job_value_cents: r.job_value_cents === null ? null : Number(r.job_value_cents),
      outcome_at: date(r.outcome_at),
    })),
  };
}
