import {
  AdminReverseAutoCreditSchema,
  AdminRefundDecisionSchema,
  AdminRefundsQuerySchema,
  AdminWalletAdjustSchema,
  functionPath,
  MESSAGES,
  type InternalQuery,
} from '@leadmarket/contracts';
import { adminIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { recordAudit } from '../use-cases/record-audit.js';
import { centsToDollars, dollarsToCents } from '../domain/money.js';
import { contractorsByIds, leadsByIds } from '../owners/lookups.js';
import { ownerCall } from '../owners/owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** admin-wallet-adjust, admin-refund-management GET/POST, admin-ledger-check: money lives in wallet-ledger. */
export function registerMoneyRoutes(app: ServiceApp, ctx: ServiceContext<AdminDatabase>): void {
  app.post(functionPath('admin-wallet-adjust'), async (request) => {
    const input = AdminWalletAdjustSchema.parse(request.body ?? {});
    const adminId = adminIdOf(request);
    // Only an existing, undeleted contractor: an unknown id is the contractors service's 404, and
    // wallet-ledger refuses an id without a wallet too (it never makes one on the way).
    await ownerCall(ctx, 'contractor', { params: { id: input.contractor_id } });
    const before = await ownerCall(ctx, 'wallet', { params: { contractor_id: input.contractor_id } });
    const amountCents = dollarsToCents(input.amount);
    const result = await ownerCall(ctx, 'adjustment', {
      body: {
        contractor_id: input.contractor_id,
        amount_cents: amountCents,
        notes: input.notes,
        admin_id: adminId,
        idempotency_key: input.idempotency_key,
      },
    });
    // A repeated submission changed nothing: same answer, no second audit entry.
    if (!result.duplicate)
      await recordAudit(ctx, request, {
        action: 'wallet.adjust',
        target_type: 'contractor',
        target_id: input.contractor_id,
        before: { balance_cents: before.balance_cents },
        after: { balance_cents: result.new_balance_cents, amount_cents: amountCents, notes: input.notes },
      });
    return {
      success: true as const,
      message: MESSAGES.adminSuccess.walletAdjusted,
      new_balance: centsToDollars(result.new_balance_cents),
    };
  });

  const refunds = async (status?: InternalQuery<'refunds'>['status']) =>
    (await ownerCall(ctx, 'refunds', { query: { status } })).refunds ?? [];

  app.get(functionPath('admin-refund-management'), async (request) => {
    const query = AdminRefundsQuerySchema.parse(request.query);
    const list = await refunds(query.status);
    const [contractors, leads] = await Promise.all([
      contractorsByIds(
        ctx,
        list.map((r) => r.contractor_id),
      ),
      leadsByIds(
        ctx,
        list.map((r) => r.lead_id),
      ),
    ]);
    return list.map((r) => {
      const c = contractors.get(r.contractor_id);
      const l = leads.get(r.lead_id);
      return {
        id: r.id,
        amount: centsToDollars(r.amount_cents),
        status: r.status,
        reason: r.reason,
        requested_at: r.requested_at,
        processed_at: r.processed_at,
        admin_notes: r.admin_notes,
        contractors: { business_name: c?.business_name ?? 'Deleted contractor', email: c?.email ?? '' },
        leads: {
          customer_name: l?.customer_name ?? '',
          service_category: l?.service_category ?? '',
          zip_code: l?.zip_code ?? '',
        },
        dependent_credits: (r.dependent_credits ?? []).map((d) => ({
          lead_id: d.lead_id,
          amount: centsToDollars(d.amount_cents),
        })),
        ...(r.evidence ? { evidence: r.evidence } : {}),
      };
    });
  });

  app.post(functionPath('admin-refund-management'), async (request) => {
    const input = AdminRefundDecisionSchema.parse(request.body ?? {});
    const adminId = adminIdOf(request);
    const before = (await refunds()).find((r) => r.id === input.refund_request_id);
    const result = await ownerCall(ctx, 'refundDecision', {
      params: { id: input.refund_request_id },
      body: { action: input.action, admin_notes: input.admin_notes, admin_id: adminId },
    });
    await recordAudit(ctx, request, {
      action: `refund.${input.action}`,
      target_type: 'refund_request',
      target_id: input.refund_request_id,
      before: before ? { status: before.status, amount_cents: before.amount_cents } : null,
      after: { status: result.status, admin_notes: input.admin_notes },
    });
    return {
      success: true as const,
      status: result.status,
      message: MESSAGES.adminSuccess.refundDecided(input.action === 'approve' ? 'approved' : 'rejected'),
    };
  });

  // An automatic credit (docs/adr/0012) taken back: wallet-ledger posts the reverse transaction
  // and says the states before and after, which the audit entry keeps.
  app.post(functionPath('admin-reverse-auto-credit'), async (request) => {
    const input = AdminReverseAutoCreditSchema.parse(request.body ?? {});
    const result = await ownerCall(ctx, 'autoCreditReversal', {
      params: { credit_id: input.credit_id },
      body: { notes: input.notes, admin_id: adminIdOf(request) },
    });
    await recordAudit(ctx, request, {
      action: 'auto_credit.reverse',
      target_type: 'auto_credit',
      target_id: input.credit_id,
      before: { ...result.before, contractor_id: result.contractor_id },
      after: result.after,
    });
    return {
      success: true as const,
      message: 'Automatic credit reversed',
      new_balance: centsToDollars(result.after.balance_cents),
    };
  });

  app.get(functionPath('admin-ledger-check'), async () => ownerCall(ctx, 'ledgerCheck', {}));
}
