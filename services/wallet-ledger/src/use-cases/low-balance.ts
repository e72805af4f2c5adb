import { preparedRead, type NewEvent } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import { cheapestLeadCents, crossedBelow, type CategoryFact, type LowBalanceFacts } from '../domain/low-balance.js';
import { pricesFact, pricesOf, targetFact } from '../db/low-balance-facts.repository.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/**
 * WalletBalanceLow when this debit took the wallet below the cheapest lead in the contractor's
 * category (call inside the debit's transaction, with the locked balance before and the new one).
 * Nothing when the category is not known at all, or when auto-reload with a saved card will top the
 * wallet up anyway (a failed reload turns auto-reload off and says so on the dashboard).
 */
export async function lowBalanceEvents(
  trx: Kysely<WalletLedgerDatabase>,
  contractorId: string,
  beforeCents: number,
  afterCents: number,
  reason: string,
): Promise<NewEvent<'WalletBalanceLow'>[]> {
  if (afterCents >= beforeCents) return [];
  const facts = await lowBalanceFacts(trx, contractorId);
  // Contractors registered before the projection existed: the category of their latest purchase.
  return lowBalanceEventsFrom(
    { category: facts.target ?? facts.last_purchase, reload: facts.reload, prices: facts.prices },
    contractorId,
    beforeCents,
    afterCents,
    reason,
  );
}

/** lowBalanceEvents' rule on facts already read (a sale reads them with its other facts, in one statement). */
export function lowBalanceEventsFrom(
  facts: LowBalanceFacts,
  contractorId: string,
  beforeCents: number,
  afterCents: number,
  reason: string,
): NewEvent<'WalletBalanceLow'>[] {
  if (afterCents >= beforeCents) return [];
  const known = facts.category;
  if (!known) return [];
  const cheapest = cheapestLeadCents(facts.prices, known.category, known.sub_service);
  if (!crossedBelow(beforeCents, afterCents, cheapest)) return [];
  if (facts.reload?.auto_reload_enabled && facts.reload.stripe_payment_method_id) return [];
  return [
    {
      type: 'WalletBalanceLow',
      data: {
        contractor_id: contractorId,
        balance_cents: afterCents,
        cheapest_lead_cents: cheapest,
        category: known.category,
        reason,
        changed_at: new Date().toISOString(),
        has_saved_card: Boolean(facts.reload?.stripe_payment_method_id),
      },
    },
  ];
}

/**
 * What the low-balance rule reads, in ONE statement (it runs in every debit's transaction; each
 * statement is a round trip): the contractor's category from its targets or its latest
 * purchase, its auto-reload settings and every admin-set price (resolved in code, as a lead's is).
 */
async function lowBalanceFacts(trx: Kysely<WalletLedgerDatabase>, contractorId: string) {
  // Always one row: a select without a from.
  const row = (await lowBalanceFactsRead(trx, { contractorId }))[0]!;
  return {
    target: row.target,
    last_purchase: row.last_purchase,
    reload: row.reload,
    prices: pricesOf(row.prices),
  };
}

/** lowBalanceFacts' statement, compiled once and prepared (docs/adr/0027): every purchase runs it. */
const lowBalanceFactsRead = preparedRead((db: Kysely<WalletLedgerDatabase>, p: { contractorId: string }) =>
  db.selectNoFrom((eb) => [
    targetFact(eb, p.contractorId),
    eb
      .selectFrom('purchases')
      .select(sql<CategoryFact>`json_build_object('category', service_category, 'sub_service', sub_service)`.as('f'))
      .where('contractor_id', '=', p.contractorId)
      .orderBy('purchased_at', 'desc')
      .limit(1)
      .as('last_purchase'),
    eb
      .selectFrom('wallet_settings')
      .select(
        sql<{
          auto_reload_enabled: boolean;
          stripe_payment_method_id: string | null;
        }>`json_build_object('auto_reload_enabled', auto_reload_enabled, 'stripe_payment_method_id', stripe_payment_method_id)`.as(
          'f',
        ),
      )
      .where('contractor_id', '=', p.contractorId)
      .as('reload'),
    pricesFact(eb),
  ]),
);
