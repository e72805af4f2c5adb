import type { NewEvent } from '@leadmarket/platform';
import type { Kysely } from 'kysely';
import { listPrices } from '../db/pricing.repository.js';
import { cheapestLeadCents, crossedBelow } from '../domain/low-balance.js';

/**
 * WalletBalanceLow when this debit took the wallet below the cheapest lead in the contractor's
 * category (call inside the debit's transaction, with the locked balance before and the new one).
 * Nothing when the category is not known at all, or when auto-reload with a saved card will top the
 * wallet up anyway (a failed reload turns auto-reload off and says so on the dashboard).
 */
export async function lowBalanceEvents(
  trx: Kysely<any>,
  contractorId: string,
  beforeCents: number,
  afterCents: number,
  reason: string,
): Promise<NewEvent<'WalletBalanceLow'>[]> {
  if (afterCents >= beforeCents) return [];
  const known =
    (await trx
      .selectFrom('contractor_targets')
      .select(['industry as category', 'sub_service'])
      .where('contractor_id', '=', contractorId)
      .executeTakeFirst()) ??
    // Contractors registered before the projection existed: the category of their latest purchase.
    (await trx
      .selectFrom('purchases')
      .select(['service_category as category', 'sub_service'])
      .where('contractor_id', '=', contractorId)
      .orderBy('purchased_at', 'desc')
      .limit(1)
      .executeTakeFirst());
  if (!known) return [];
  const cheapest = cheapestLeadCents(await listPrices(trx), known.category, known.sub_service);
  if (!crossedBelow(beforeCents, afterCents, cheapest)) return [];
  const reload = await trx
    .selectFrom('wallet_settings')
    .select(['auto_reload_enabled', 'stripe_payment_method_id'])
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  if (reload?.auto_reload_enabled && reload.stripe_payment_method_id) return [];
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
      },
    },
  ];
}
