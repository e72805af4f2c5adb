import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound, type ServiceContext } from '@leadmarket/platform';
import { lockWallet, postTransaction } from '../db/ledger.repository.js';
import { refundLines, walletAccountOf } from '../domain/ledger.js';
import { REFUND_MESSAGES, withinRefundWindow } from '../domain/refunds.js';
import { reevaluateCreditsRestingOn } from './auto-credits.js';
import { fundedEvents } from './events.js';
import type { WalletLedgerDatabase } from '../db/database.js';

/** A contractor asks for a refund of a lead they bought, within the window, once per purchase. */
export async function requestRefund(
  ctx: ServiceContext<WalletLedgerDatabase>,
  contractorId: string,
  leadId: string,
  reason: string,
) {
  if (!reason.trim()) throw badRequest(REFUND_MESSAGES.reasonRequired, 'reason');
  return ctx.transaction(async (trx) => {
    const purchase = await trx.selectFrom('purchases').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
    if (!purchase || purchase.contractor_id !== contractorId) throw notFound(REFUND_MESSAGES.notYours);
    if (purchase.status === 'refunded') throw conflict(REFUND_MESSAGES.alreadyRequested);
    if (!withinRefundWindow(new Date(purchase.purchased_at))) throw badRequest(REFUND_MESSAGES.windowPassed);
    const id = randomUUID();
    const inserted = await trx
      .insertInto('refund_requests')
      .values({
        id,
        purchase_id: purchase.id,
        lead_id: leadId,
        contractor_id: contractorId,
        amount_cents: purchase.price_cents,
        reason: reason.trim(),
        status: 'pending',
      })
      .onConflict((oc) => oc.column('purchase_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict(REFUND_MESSAGES.alreadyRequested);
    return { id, amountCents: Number(purchase.price_cents) };
  });
}

/** An admin approves (the sale is reversed in the ledger) or rejects a pending request; RefundDecided is emitted. */
export async function decideRefund(
  ctx: ServiceContext<WalletLedgerDatabase>,
  refundId: string,
  action: 'approve' | 'reject',
  adminNotes: string,
  adminId: string | null,
) {
  return ctx.transaction(async (trx) => {
    const refund = await trx
      .selectFrom('refund_requests')
      .selectAll()
      .where('id', '=', refundId)
      .forUpdate()
      .executeTakeFirst();
    if (!refund) throw notFound(REFUND_MESSAGES.notFound);
    if (refund.status !== 'pending') throw conflict(REFUND_MESSAGES.alreadyDecided);
    const status: 'approved' | 'rejected' = action === 'approve' ? 'approved' : 'rejected';
    const now = new Date();
    const amount = Number(refund.amount_cents);
    if (action === 'approve') {
      await lockWallet(trx, refund.contractor_id);
      // An automatic credit (docs/adr/0012) may have refunded the purchase since it was requested.
      const purchase = await trx
        .selectFrom('purchases')
        .select('status')
        .where('id', '=', refund.purchase_id)
        .executeTakeFirst();
      if (purchase?.status === 'refunded') throw conflict(REFUND_MESSAGES.alreadyRefunded);
      const posted = await postTransaction(trx, {
        kind: 'refund',
        contractorId: refund.contractor_id,
        reference: `refund:${refundId}`,
        amountCents: amount,
        description: `Refund of lead ${String(refund.lead_id).slice(0, 8)}${adminNotes ? `: ${adminNotes}` : ''}`,
        createdBy: adminId,
        lines: refundLines(refund.contractor_id, amount),
      });
      await trx
        .updateTable('purchases')
        .set({ status: 'refunded', refunded_at: now })
        .where('id', '=', refund.purchase_id)
        .execute();
      // A repeat-lead credit resting on this purchase is judged again in this same transaction.
      const dependents = await reevaluateCreditsRestingOn(trx, refund.contractor_id, refund.purchase_id, adminId);
      const [uncovered] = dependents.uncovered;
      if (uncovered)
        throw conflict(
          REFUND_MESSAGES.creditUncovered(uncovered.lead_id, uncovered.amount_cents, uncovered.balance_cents),
        );
      await ctx.emit(trx, dependents.events);
      await ctx.emit(
        trx,
        fundedEvents(
          refund.contractor_id,
          amount,
          posted!.balances.get(walletAccountOf(refund.contractor_id))!,
          'refund',
        ),
      );
    }
    await trx
      .updateTable('refund_requests')
      .set({ status, admin_notes: adminNotes, admin_id: adminId, processed_at: now })
      .where('id', '=', refundId)
      .execute();
    await ctx.emit(trx, [
      {
        type: 'RefundDecided',
        data: {
          refund_id: refundId,
          lead_id: refund.lead_id,
          contractor_id: refund.contractor_id,
          decision: status,
          amount_cents: amount,
          decided_at: now.toISOString(),
          admin_notes: adminNotes,
        },
      },
    ]);
    return { status };
  });
}
