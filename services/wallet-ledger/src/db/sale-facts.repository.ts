import { isoWeekStart, utcDayStart, type SpendCaps, type SpentSoFar } from '@leadmarket/contracts';
import { preparedRead } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { FingerprintedPurchase } from '../domain/auto-credits.js';
import { pricesFact, pricesOf, targetFact } from './low-balance-facts.repository.js';
import type { CategoryFact, LowBalanceFacts } from '../domain/low-balance.js';
import type { WalletLedgerDatabase } from './database.js';

/** Everything a sale decides from once the lead and the wallet are locked (see saleFactsOf). */
export interface SaleFacts {
  caps: SpendCaps;
  spent: SpentSoFar;
  /** The low-balance rule's facts, but for the category of a contractor without targets (the sale's own). */
  lowBalance: Omit<LowBalanceFacts, 'category'> & { target: CategoryFact | null };
  autoReload: { enabled: boolean; thresholdCents: number };
  /** The failure of the lead's customer number already reported, if any. */
  unreachable: { evidence: unknown; failed_at: Date } | null;
  /** The contractor's earlier purchases of the same customer still on record (none without a fingerprint). */
  customerPurchases: FingerprintedPurchase[];
}

const toCents = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * What a sale reads after its locks, in ONE statement (each statement is a round trip to node and
 * back while the sale holds its locks): the caps and the spend so far (spendOf's), the low-balance
 * rule's facts (lowBalanceEvents'), the auto-reload settings (so the reload after the commit is
 * asked for only when the balance fell under them), the lead's known customer failure and the
 * contractor's earlier purchases of the same customer (the automatic credits at sale).
 *
 * It must run after the wallet lock, which comes after the lead's: the spend then sees every
 * purchase of this contractor committed before it, the earlier purchases of the customer too (all
 * written under that wallet lock), and a customer failure stored while the sale waited for the
 * lead (one stored after waits for the sale: its writer locks the lead). docs/adr/0028.
 */
export async function saleFactsOf(
  trx: Kysely<WalletLedgerDatabase>,
  p: { contractorId: string; leadId: string; fingerprint: string | null; now: Date },
): Promise<SaleFacts> {
  // Always one row: a select without a from, each part a scalar subquery.
  const row = (
    await saleFactsRead(trx, {
      contractorId: p.contractorId,
      leadId: p.leadId,
      fingerprint: p.fingerprint,
      day: utcDayStart(p.now),
      week: isoWeekStart(p.now),
    })
  )[0]!;
  const settings = row.settings;
  return {
    caps: {
      daily_cap_cents: toCents(settings?.daily_cap_cents),
      weekly_cap_cents: toCents(settings?.weekly_cap_cents),
      max_lead_price_cents: toCents(settings?.max_lead_price_cents),
    },
    spent: { today_cents: Number(row.spent?.today ?? 0), this_week_cents: Number(row.spent?.week ?? 0) },
    lowBalance: {
      target: row.target,
      reload: settings
        ? {
            auto_reload_enabled: settings.auto_reload_enabled,
            stripe_payment_method_id: settings.stripe_payment_method_id,
          }
        : null,
      prices: pricesOf(row.prices),
    },
    autoReload: {
      enabled: settings?.auto_reload_enabled ?? false,
      thresholdCents: Number(settings?.auto_reload_threshold_cents ?? 0),
    },
    unreachable: row.unreachable
      ? { evidence: row.unreachable.evidence, failed_at: new Date(row.unreachable.failed_at) }
      : null,
    customerPurchases: (row.customer_purchases ?? []).map((c) => ({
      purchase_id: c.purchase_id,
      lead_id: c.lead_id,
      purchased_at: new Date(c.purchased_at),
      refunded: c.status === 'refunded',
    })),
  };
}

interface SettingsFact {
  daily_cap_cents: number | null;
  weekly_cap_cents: number | null;
  max_lead_price_cents: number | null;
  auto_reload_enabled: boolean;
  auto_reload_threshold_cents: number;
  stripe_payment_method_id: string | null;
}

/** saleFactsOf's statement, compiled once and prepared (docs/adr/0027): every sale runs it. */
const saleFactsRead = preparedRead(
  (
    db: Kysely<WalletLedgerDatabase>,
    p: { contractorId: string; leadId: string; fingerprint: string | null; day: Date; week: Date },
  ) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom('purchases')
        .select(
          sql<{
            today: number;
            week: number;
          }>`json_build_object('today', coalesce(sum(price_cents) filter (where purchased_at >= ${p.day}), 0),
                'week', coalesce(sum(price_cents), 0))`.as('f'),
        )
        .where('contractor_id', '=', p.contractorId)
        .where('purchased_at', '>=', p.week)
        .where('status', '<>', 'refunded')
        .as('spent'),
      eb
        .selectFrom('wallet_settings')
        .select(
          sql<SettingsFact>`json_build_object('daily_cap_cents', daily_cap_cents, 'weekly_cap_cents', weekly_cap_cents,
            'max_lead_price_cents', max_lead_price_cents, 'auto_reload_enabled', auto_reload_enabled,
            'auto_reload_threshold_cents', auto_reload_threshold_cents,
            'stripe_payment_method_id', stripe_payment_method_id)`.as('f'),
        )
        .where('contractor_id', '=', p.contractorId)
        .as('settings'),
      targetFact(eb, p.contractorId),
      pricesFact(eb),
      eb
        .selectFrom('customer_unreachable_facts')
        .select(
          sql<{
            evidence: unknown;
            failed_at: string;
          }>`json_build_object('evidence', evidence, 'failed_at', failed_at)`.as('f'),
        )
        .where('lead_id', '=', p.leadId)
        .as('unreachable'),
      eb
        .selectFrom('purchase_fingerprints as fp')
        .innerJoin('purchases as pu', 'pu.id', 'fp.purchase_id')
        .select(
          sql<
            Array<{ purchase_id: string; lead_id: string; purchased_at: string; status: string }>
          >`coalesce(json_agg(json_build_object('purchase_id', fp.purchase_id, 'lead_id', fp.lead_id,
            'purchased_at', pu.purchased_at, 'status', pu.status)), '[]'::json)`.as('f'),
        )
        .where('fp.contractor_id', '=', p.contractorId)
        .where('fp.fingerprint', '=', p.fingerprint)
        .as('customer_purchases'),
    ]),
);
