import {
  functionPath,
  LeadActionRequestSchema,
  MESSAGES,
  PurchasedLeadQuerySchema,
  PurchasedLeadsQuerySchema,
} from '@leadmarket/contracts';
import { badRequest, contractorIdOf, HttpError, notFound, type ServiceApp } from '@leadmarket/platform';
import { leadsPurchasedBy } from '../db/lead.repository.js';
import { purchasedLeadFor } from '../use-cases/purchased-lead.js';
import { purchasedLeadsPage } from '../db/purchased-leads.repository.js';
import { leadWithContact, purchasedLeadRecord, purchasedLeadsResponse } from '../domain/lead-views.js';
import { movePurchasedLead } from '../use-cases/purchased-lead-state.js';
import type { LeadRouteDeps } from './deps.js';

const NOT_YOURS = 'Lead not found among your purchased leads.';
const PAGING_PARAMS = ['list', 'page', 'limit', 'search'] as const;

/** The signed-in contractor's bought leads, and moving one to completed or archived. */
export function registerPurchasedLeadRoutes(app: ServiceApp, { ctx }: LeadRouteDeps): void {
  app.get(functionPath('get-purchased-leads'), async (request) => {
    const contractorId = contractorIdOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    // Callers that page nothing get the spec's four arrays; any paging parameter asks for one page.
    if (!PAGING_PARAMS.some((p) => query[p] !== undefined))
      return purchasedLeadsResponse(await leadsPurchasedBy(ctx.db, contractorId));
    const parsed = PurchasedLeadsQuerySchema.safeParse(query);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, parsed.error.issues[0]!.path.join('.'));
    const q = parsed.data;
    const { rows, total, counts } = await purchasedLeadsPage(ctx.db, contractorId, q);
    return {
      list: q.list,
      leads: rows.map(purchasedLeadRecord),
      total,
      page: q.page,
      limit: q.limit,
      pages: Math.max(1, Math.ceil(total / q.limit)),
      counts,
    };
  });

  app.get(
    functionPath('get-purchased-lead'),
    { schema: { querystring: PurchasedLeadQuerySchema } },
    async (request) => {
      const found = await purchasedLeadFor(ctx, request.query.lead_id, contractorIdOf(request));
      if (!found) throw notFound(NOT_YOURS);
      return { success: true as const, lead: leadWithContact(found.lead, found.priceCents) };
    },
  );

  for (const [name, to, success] of [
    ['mark-lead-complete', 'completed', MESSAGES.contractorSuccess.leadCompleted],
    ['archive-lead', 'archived', MESSAGES.contractorSuccess.leadArchived],
  ] as const) {
    app.post(functionPath(name), { schema: { body: LeadActionRequestSchema } }, async (request) => {
      const contractorId = contractorIdOf(request);
      const leadId = request.body.lead_id;
      const at = new Date();
      const outcome = await movePurchasedLead(ctx, leadId, contractorId, to, at);
      if (!outcome.lead) throw new HttpError(404, NOT_YOURS, undefined, { success: false });
      if (outcome.lead.refunded_at)
        throw new HttpError(409, 'This lead was refunded; it can no longer be completed or archived.', undefined, {
          success: false,
        });
      // Repeating the same action succeeds; completing an archived lead does not.
      if (!outcome.changed && outcome.lead.status !== to) {
        throw new HttpError(
          409,
          `This lead is ${outcome.lead.status} and cannot be ${to === 'completed' ? 'marked as completed' : 'archived'}.`,
          undefined,
          {
            success: false,
          },
        );
      }
      return { success: true, message: success };
    });
  }
}
