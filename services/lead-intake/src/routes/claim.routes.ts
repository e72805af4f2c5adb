import { functionPath, LeadClaimGetQuerySchema, LeadClaimPostRequestSchema, MESSAGES } from '@leadmarket/contracts';
import type { ServiceApp } from '@leadmarket/platform';
import { claimLead, leadForClaimPage } from '../application/claim-lead.js';
import { claimPreview, leadWithContact } from '../domain/lead-views.js';
import type { LeadRouteDeps } from './deps.js';

/** The claim page's calls: the masked lead behind a token, and the claim that buys it. */
export function registerClaimRoutes(app: ServiceApp, { ctx }: LeadRouteDeps): void {
  app.get(functionPath('leads-claim-get'), { schema: { querystring: LeadClaimGetQuerySchema } }, async (request) => {
    const lead = await leadForClaimPage(ctx, request.query.token);
    return { success: true, lead: claimPreview(lead) };
  });

  app.post(functionPath('leads-claim-post'), { schema: { body: LeadClaimPostRequestSchema } }, async (request) => {
    const lead = await claimLead(ctx, request.body.token, request.body.contractor_id);
    // The page shows its own 'Lead Claimed Successfully!' heading above this message.
    return { success: true, message: MESSAGES.contractorSuccess.leadPurchased, lead: leadWithContact(lead) };
  });
}
