import {
  functionPath,
  INTERNAL_CALLS,
  type InternalResponse,
  type RefundRequestsResponse,
  type RequestRefundResponseSchema,
  RequestRefundSchema,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { refundEvidence, refundRequests, refundRequestsOfContractor } from '../db/refunds.repository.js';
import { REFUND_MESSAGES, REFUND_WINDOW_DAYS } from '../domain/refunds.js';
import { creditsRestingOn } from '../use-cases/auto-credits.js';
import { decideRefund, requestRefund } from '../use-cases/refunds.js';
import type { WalletContext } from '../context.js';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

/** The fields a refund request shows the same way to its contractor and to the admin. */
function refundFields(r: Awaited<ReturnType<typeof refundRequestsOfContractor>>[number]) {
  return {
    id: r.id,
    lead_id: r.lead_id,
    status: r.status,
    reason: r.reason,
    requested_at: new Date(r.requested_at).toISOString(),
    processed_at: iso(r.processed_at),
    admin_notes: r.admin_notes ?? null,
  };
}

/** request-refund for contractors; the refund queue and decisions for admin (internal). */
export function registerRefundRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.post(
    functionPath('request-refund'),
    { schema: { body: RequestRefundSchema } },
    async (request): Promise<z.infer<typeof RequestRefundResponseSchema>> => {
      const contractorId = contractorIdOf(request);
      const refund = await requestRefund(ctx, contractorId, request.body.lead_id, request.body.reason);
      return {
        success: true as const,
        refund_request_id: refund.id,
        status: 'pending' as const,
        refund_window_days: REFUND_WINDOW_DAYS,
        message: REFUND_MESSAGES.requested,
      };
    },
  );

  // The signed-in contractor's own requests, so each bought lead's card can say "Refund pending" or the decision.
  app.get(functionPath('get-refund-requests'), async (request): Promise<RefundRequestsResponse> => {
    const rows = await refundRequestsOfContractor(ctx.db, contractorIdOf(request));
    return {
      refund_window_days: REFUND_WINDOW_DAYS,
      refund_requests: rows.map((r) => ({ ...refundFields(r), amount: Number(r.amount_cents) / 100 })),
    };
  });

  app.get(
    INTERNAL_CALLS.refunds.path,
    { schema: { querystring: INTERNAL_CALLS.refunds.query } },
    async (request): Promise<InternalResponse<'refunds'>> => {
      const rows = await refundRequests(ctx.db, {
        status: request.query.status,
        contractorId: request.query.contractor_id,
      });
      // What approving a pending request would also touch, shown before the decision.
      const pending = rows.filter((r) => r.status === 'pending');
      const [dependents, evidence] = await Promise.all([
        creditsRestingOn(
          ctx.db,
          pending.map((r) => r.contractor_id),
          pending.map((r) => String(r.purchase_id)),
        ),
        refundEvidence(
          ctx.db,
          pending.map((r) => String(r.purchase_id)),
        ),
      ]);
      const evidenceOf = new Map(evidence.map((e) => [String(e.purchase_id), e]));
      return {
        refunds: rows.map((r) => ({
          ...refundFields(r),
          contractor_id: r.contractor_id,
          amount_cents: Number(r.amount_cents),
          dependent_credits: dependents
            .filter((d) => r.status === 'pending' && d.earlier_purchase_id === String(r.purchase_id))
            .map((d) => ({ credit_id: d.id, lead_id: d.lead_id, amount_cents: d.amount_cents })),
          ...evidenceFields(evidenceOf.get(String(r.purchase_id))),
        })),
      };
    },
  );

  app.post(
    INTERNAL_CALLS.refundDecision.path,
    {
      schema: {
        params: z.object({ id: z.string().uuid('refund id must be a valid id') }),
        body: INTERNAL_CALLS.refundDecision.body,
      },
    },
    async (request): Promise<InternalResponse<'refundDecision'>> => {
      const { action, admin_notes, admin_id } = request.body;
      const { status } = await decideRefund(ctx, request.params.id, action, admin_notes, admin_id ?? null);
      return { success: true, status };
    },
  );
}

/** A pending request's evidence in the wire's words (no row: the request is decided already). */
function evidenceFields(row: Awaited<ReturnType<typeof refundEvidence>>[number] | undefined) {
  if (!row) return {};
  const confirmed = row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null;
  return { evidence: { phone_confirmed_at: confirmed, outcome: row.outcome } };
}
