import {
  functionPath,
  INTERNAL_CALLS,
  LeadReceiptQuerySchema,
  VerifyReceiptRequestSchema,
  type InternalResponse,
} from '@leadmarket/contracts';
import { badRequest, clientIpOf, contractorIdOf, tooManyRequests, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { RECEIPT_MESSAGES, receiptFor, verifyReceipt } from '../use-cases/receipts.js';
import type { WalletContext } from '../context.js';

/**
 * Proof of exclusivity: get-lead-receipt for the buyer (its own leads only),
 * verify-lead-receipt for anyone the buyer hands the receipt to, and the internal twin for admin.
 */
export function registerReceiptRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(functionPath('get-lead-receipt'), { schema: { querystring: LeadReceiptQuerySchema } }, async (request) =>
    // Ownership on the server: the receipt is found only when the session's contractor bought the lead.
    receiptFor(ctx.db, ctx.receiptKey, request.query.lead_id, contractorIdOf(request)),
  );

  app.post(functionPath('verify-lead-receipt'), { schema: { body: VerifyReceiptRequestSchema } }, async (request) => {
    const { code, lead_id, receipt } = request.body;
    if (!lead_id && !receipt) throw badRequest(RECEIPT_MESSAGES.needFacts, 'lead_id');
    // Per address, shared by every instance: a code cannot be guessed one request at a time.
    const { limit, windowSeconds } = ctx.receiptVerifyLimit;
    const hit = await ctx.kv.hit(`wallet:receipt-verify:${clientIpOf(request)}`, limit, windowSeconds, 'fixed');
    if (!hit.allowed) throw tooManyRequests(RECEIPT_MESSAGES.tooMany, hit.retryAfterSeconds);
    return verifyReceipt(ctx.db, ctx.receiptKey, { code, lead_id, receipt });
  });

  app.get(
    INTERNAL_CALLS.leadReceipt.path,
    { schema: { params: z.object({ lead_id: z.string().uuid() }) } },
    async (request): Promise<InternalResponse<'leadReceipt'>> =>
      receiptFor(ctx.db, ctx.receiptKey, request.params.lead_id, null),
  );
}
