import {
  AutoCreditsQuerySchema,
  functionPath,
  INTERNAL_CALLS,
  type InternalResponse,
  type AutoCredit,
  type AutoCreditsResponse,
} from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp, type ServiceContext } from '@leadmarket/platform';
import { z } from 'zod';
import { creditsOf } from '../db/auto-credits.repository.js';
import { AUTO_CREDIT_RULE_DESCRIPTIONS, evidenceLines } from '../domain/auto-credits.js';
import { reverseAutoCredit } from '../use-cases/auto-credits.js';
import type { WalletLedgerDatabase } from '../db/database.js';
import type { WalletContext } from '../context.js';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

/** A contractor's automatic credits in the wire shape: the reason and the evidence in words. */
async function creditsView(
  ctx: ServiceContext<WalletLedgerDatabase>,
  contractorId: string,
): Promise<AutoCreditsResponse> {
  const rows = await creditsOf(ctx.db, contractorId);
  return {
    rules: AUTO_CREDIT_RULE_DESCRIPTIONS,
    credits: rows.map((r): AutoCredit => ({
      id: String(r.id),
      lead_id: String(r.lead_id),
      purchase_id: String(r.purchase_id),
      rule: r.rule as AutoCredit['rule'],
      reason: r.reason,
      evidence: evidenceLines(r.rule, r.evidence),
      amount_cents: r.amount_cents,
      service_category: r.service_category,
      sub_service: r.sub_service,
      zip_code: r.zip_code,
      observed_at: iso(r.observed_at)!,
      credited_at: iso(r.credited_at)!,
      status: r.status,
      reversed_at: iso(r.reversed_at),
      reversal_notes: r.reversal_notes ?? null,
    })),
  };
}

/**
 * get-auto-credits (the signed-in contractor's own credits and the rules), and for the admin
 * service: one contractor's credits and the reversal of one credit.
 */
export function registerAutoCreditRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(functionPath('get-auto-credits'), { schema: { querystring: AutoCreditsQuerySchema } }, async (request) =>
    // Only the session's own credits: the gateway refuses a contractor_id that is not the session's.
    creditsView(ctx, contractorIdOf(request)),
  );

  app.get(
    INTERNAL_CALLS.autoCredits.path,
    { schema: { params: z.object({ contractor_id: z.string().trim().min(1).max(200) }) } },
    async (request): Promise<InternalResponse<'autoCredits'>> => creditsView(ctx, request.params.contractor_id),
  );

  app.post(
    INTERNAL_CALLS.autoCreditReversal.path,
    {
      schema: {
        params: z.object({ credit_id: z.string().uuid('Choose the automatic credit to reverse') }),
        body: INTERNAL_CALLS.autoCreditReversal.body,
      },
    },
    async (request): Promise<InternalResponse<'autoCreditReversal'>> =>
      reverseAutoCredit(ctx, {
        creditId: request.params.credit_id,
        notes: request.body.notes,
        adminId: request.body.admin_id ?? null,
      }),
  );
}
