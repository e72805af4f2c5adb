import { randomUUID } from 'node:crypto';
import { capRefusal, MESSAGES } from '@leadmarket/contracts';
import { conflict, forbidden, HttpError, notFound, type ServiceContext } from '@leadmarket/platform';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { spendCapsOf, spendLimitsSnapshot, spentSoFar } from '../db/spend.repository.js';
import { mayBuy, type SellableLead } from '../db/targets.repository.js';
import { purchaseLines, walletAccountOf } from '../domain/ledger.js';
import { balanceChanged } from './events.js';
import { lowBalanceEvents } from './low-balance.js';

/** Texts of our own for leads that cannot be bought (the spec has none). */
export const PURCHASE_MESSAGES = {
  notFound: 'Lead not found',
  sold: 'This lead has already been purchased by another contractor.',
  unavailable: (status: string) => `This lead is no longer available (${status}).`,
  notForYou: 'This lead is outside your service area and was not offered to you, so it cannot be purchased.',
} as const;

export interface PurchaseOutcome {
  purchaseId: string;
  leadId: string;
  contractorId: string;
  priceCents: number;
  balanceCents: number;
  /** True when this was a retry of a purchase already made by the same contractor. */
  replayed: boolean;
  purchasedAt: Date;
}

/**
 * Sell a lead to a contractor in ONE transaction: lock the lead (serialises buyers of one lead),
 * lock the wallet (serialises one contractor's spending), insert the purchase (UNIQUE per lead),
 * post the ledger entries, update the cached balance and write LeadPurchased to the outbox.
 * A retry by the buyer answers the same success; everyone else gets a clean 4xx.
 */
export async function purchaseLead(
  ctx: ServiceContext,
  input: { leadId: string; contractorId: string; channel: 'dashboard' | 'claim' },
): Promise<PurchaseOutcome> {
  const { leadId, contractorId, channel } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').selectAll().where('lead_id', '=', leadId).forUpdate().executeTakeFirst();
    if (!lead) throw notFound(PURCHASE_MESSAGES.notFound);
    const existing = await trx.selectFrom('purchases').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    if (existing) {
      if (existing.contractor_id === contractorId && existing.status !== 'refunded') {
        return {
          purchaseId: existing.id,
          leadId,
          contractorId,
          priceCents: Number(existing.price_cents),
          balanceCents: Number(existing.balance_after_cents),
          replayed: true,
          purchasedAt: new Date(existing.purchased_at),
        };
      }
      throw conflict(
        existing.contractor_id === contractorId ? PURCHASE_MESSAGES.unavailable('refunded') : PURCHASE_MESSAGES.sold,
      );
    }
    if (lead.status !== 'available') throw conflict(PURCHASE_MESSAGES.unavailable(lead.status));
    // The dashboard sells only what it lists: a lead offered to the buyer or in its trade and area.
    // A claim was already proven by its token, which lead-intake checked is bound to this contractor.
    if (channel === 'dashboard' && !(await mayBuy(trx, contractorId, lead as SellableLead)))
      throw forbidden(PURCHASE_MESSAGES.notForYou);

    const price = Number(lead.price_cents);
    const balance = await lockWallet(trx, contractorId);
    // Hard caps, under the same wallet lock as the balance: parallel purchases of one contractor
    // queue here, so each one sees the spend of those committed before it.
    const now = new Date();
    const refusal = capRefusal(
      await spendCapsOf(trx, contractorId),
      await spentSoFar(trx, contractorId, now),
      price,
      now,
    );
    if (refusal)
      throw new HttpError(402, refusal.message, undefined, {
        cap: refusal.cap,
        resets_at: refusal.resets_at,
        price_cents: price,
      });
    if (balance < price)
      throw new HttpError(402, MESSAGES.contractor.insufficientBalance, undefined, {
        balance_cents: balance,
        price_cents: price,
      });

    const purchaseId = randomUUID();
    const posted = await postTransaction(trx, {
      kind: 'lead_purchase',
      contractorId,
      reference: `purchase:${purchaseId}`,
      amountCents: -price,
      description: `Lead purchase: ${lead.service_category}${lead.sub_service ? ` / ${lead.sub_service}` : ''} (${lead.zip_code}) lead ${leadId.slice(0, 8)}`,
      lines: purchaseLines(contractorId, price),
    });
    const newBalance = posted!.balances.get(walletAccountOf(contractorId))!;
    const offer = await trx
      .selectFrom('lead_offers')
      .select('offered_at')
      .where('lead_id', '=', leadId)
      .where('contractor_id', '=', contractorId)
      .executeTakeFirst();
    await trx
      .insertInto('purchases')
      .values({
        id: purchaseId,
        lead_id: leadId,
        contractor_id: contractorId,
        price_cents: price,
        channel,
        status: 'purchased',
        balance_after_cents: newBalance,
        transaction_id: posted!.id,
        service_category: lead.service_category,
        sub_service: lead.sub_service,
        zip_code: lead.zip_code,
        offered_at: offer?.offered_at ?? null,
        purchased_at: now,
      })
      .execute();
    await trx.updateTable('leads').set({ status: 'sold', updated_at: now }).where('lead_id', '=', leadId).execute();
    await ctx.emit(trx, [
      {
        type: 'LeadPurchased',
        data: {
          lead_id: leadId,
          contractor_id: contractorId,
          purchase_id: purchaseId,
          price_cents: price,
          channel,
          purchased_at: now.toISOString(),
        },
      },
      balanceChanged(contractorId, newBalance, 'lead_purchase', await spendLimitsSnapshot(trx, contractorId, now)),
      ...(await lowBalanceEvents(trx, contractorId, balance, newBalance, 'lead_purchase')),
    ]);
    return {
      purchaseId,
      leadId,
      contractorId,
      priceCents: price,
      balanceCents: newBalance,
      replayed: false,
      purchasedAt: now,
    };
  });
}
