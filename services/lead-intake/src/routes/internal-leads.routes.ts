import { INTERNAL_CALLS, type InternalResponse } from '@leadmarket/contracts';
import { notFound, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { submitLead } from '../use-cases/submit-lead.js';
import { countLeads, findLead, findLeads, leadsPurchasedBy, searchLeads } from '../db/lead.repository.js';
import { claimedLeadsAndCounts } from '../db/purchased-leads.repository.js';
import { offersOfLeads, type Offer } from '../use-cases/matching-offers.js';
import { adminLead, claimedLead, leadWithContact } from '../domain/lead-views.js';
import { eraseLead } from '../use-cases/erase-lead.js';
import type { LeadRouteDeps } from './deps.js';

const IdParams = z.object({ id: z.string().trim().min(1).max(100) });
const LeadIdParams = z.object({ id: z.string().uuid('Unknown lead') });

/** Each lead's offered contractors (best rank first) and the round each was first offered it in. */
function offersByLead(offers: Offer[]): Map<string, { offeredTo: string[]; rounds: Map<string, number> }> {
  const out = new Map<string, { offeredTo: string[]; rounds: Map<string, number> }>();
  for (const o of [...offers].sort((a, b) => a.rank - b.rank)) {
    const entry = out.get(o.lead_id) ?? { offeredTo: [], rounds: new Map<string, number>() };
    if (!entry.offeredTo.includes(o.contractor_id)) entry.offeredTo.push(o.contractor_id);
    const known = entry.rounds.get(o.contractor_id);
    if (known === undefined || o.round < known) entry.rounds.set(o.contractor_id, o.round);
    out.set(o.lead_id, entry);
  }
  return out;
}

/** lead-intake's internal routes (docs/internal-api.md); site-messages lives with the site routes. */
export function registerInternalLeadRoutes(app: ServiceApp, { ctx, config, replies }: LeadRouteDeps): void {
  app.get(
    INTERNAL_CALLS.claimedLeads.path,
    { schema: { params: IdParams } },
    async (request): Promise<InternalResponse<'claimedLeads'>> => {
      // Claimed = leads bought through a claim link (SMS), a view onto the bought leads (docs/adr/0005-claimed-means-bought-by-link.md).
      const leads = await leadsPurchasedBy(ctx.db, request.params.id, 'claim');
      return { claimed_leads: leads.map(claimedLead) };
    },
  );

  // lead-intake's part of the dashboard's first screen (contractors-dashboard): Claimed, and every list's size.
  app.get(
    INTERNAL_CALLS.leadDashboard.path,
    { schema: { params: IdParams } },
    async (request): Promise<InternalResponse<'leadDashboard'>> => {
      // One statement (what leadsPurchasedBy(…, 'claim') and boughtCounts read one by one).
      const { claimed, counts } = await claimedLeadsAndCounts(ctx.db, request.params.id);
      return { claimed_leads: claimed.map(claimedLead), bought_counts: counts };
    },
  );

  app.get(
    INTERNAL_CALLS.adminLeads.path,
    { schema: { querystring: INTERNAL_CALLS.adminLeads.query } },
    async (request): Promise<InternalResponse<'adminLeads'>> => {
      const { leads, total } = await searchLeads(ctx.db, request.query);
      // Who was offered each lead, and in which round: matching owns offers (docs/adr/0013). Without
      // its answer the list still loads, marked so the admin page does not claim nobody was offered.
      const offers = await offersOfLeads(
        ctx,
        leads.map((l) => l.id),
      ).catch((err) => {
        ctx.logger.warn({ err: String(err) }, 'offers of the listed leads unavailable from matching');
        return undefined;
      });
      const byLead = offersByLead(offers ?? []);
      return {
        leads: leads.map((l) => adminLead(l, byLead.get(l.id)?.offeredTo ?? [], byLead.get(l.id)?.rounds)),
        total,
        ...(offers ? {} : { offers_unavailable: true }),
      };
    },
  );

  app.post(
    INTERNAL_CALLS.leadLookup.path,
    { schema: { body: INTERNAL_CALLS.leadLookup.body } },
    async (request): Promise<InternalResponse<'leadLookup'>> => {
      const ids = request.body.ids.filter((id) => z.string().uuid().safeParse(id).success);
      const leads = await findLeads(ctx.db, ids);
      return {
        leads: leads.map((l) => ({
          id: l.id,
          customer_name: l.customer_name,
          service_category: l.service_category,
          sub_service: l.sub_service,
          zip_code: l.zip_code,
          status: l.status,
          is_test: l.is_test,
        })),
      };
    },
  );

  app.post(
    INTERNAL_CALLS.createLead.path,
    { schema: { body: INTERNAL_CALLS.createLead.body } },
    async (request): Promise<InternalResponse<'createLead'>> => {
      const body = request.body;
      const reply = await submitLead(
        ctx,
        replies,
        { ...body, urgency: 'Standard', contractor_id: null },
        {
          clientIp: null,
          ipHashSalt: config.LEAD_IP_HASH_SALT,
          isTest: body.is_test,
          waitMs: config.SCREENING_WAIT_MS,
        },
      );
      return {
        lead_id: reply.lead_id,
        status: reply.status,
        message: reply.message,
        validation_summary: reply.validation_summary,
        problems: reply.problems,
      };
    },
  );

  app.delete(
    INTERNAL_CALLS.deleteLead.path,
    { schema: { params: LeadIdParams } },
    async (request): Promise<InternalResponse<'deleteLead'>> => {
      const id = request.params.id;
      const at = new Date();
      const deleted = await eraseLead(ctx, id, at);
      if (!deleted) throw notFound('Lead not found');
      return { deleted: true };
    },
  );

  // The contact of a lead wallet-ledger has just sold through a claim link, for the buyer's answer.
  app.get(
    INTERNAL_CALLS.leadContact.path,
    { schema: { params: LeadIdParams } },
    async (request): Promise<InternalResponse<'leadContact'>> => {
      const lead = await findLead(ctx.db, request.params.id);
      if (!lead || lead.status === 'deleted') throw notFound('Lead not found');
      return { lead: leadWithContact(lead) };
    },
  );

  app.get(INTERNAL_CALLS.leadStats.path, async (): Promise<InternalResponse<'leadStats'>> => ({
    total_leads: await countLeads(ctx.db),
  }));
}
