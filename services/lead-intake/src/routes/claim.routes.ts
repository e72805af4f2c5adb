import { functionPath, LeadClaimGetQuerySchema } from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import { claimStatusFor, leadForClaimPage } from '../use-cases/claim-lead.js';
import { claimPreview, leadWithContact } from '../domain/lead-views.js';
import type { LeadRouteDeps } from './deps.js';

/**
 * The claim page's reads: the masked lead behind a token, and where the link stands for its own
 * signed-in contractor. The claim that buys it is wallet-ledger's (leads-claim-post, docs/adr/0049).
 */
export function registerClaimRoutes(app: ServiceApp, { ctx }: LeadRouteDeps): void {
  app.get(functionPath('leads-claim-get'), { schema: { querystring: LeadClaimGetQuerySchema } }, async (request) => {
    const { lead, priceCents, facts } = await leadForClaimPage(ctx, request.query.token);
    return { success: true, lead: claimPreview(lead, priceCents, facts) };
  });

  // The claim page asks this too when its browser holds the session of the contractor the link was sent to.
  app.get(functionPath('leads-claim-status'), { schema: { querystring: LeadClaimGetQuerySchema } }, async (request) => {
    const answer = await claimStatusFor(ctx, request.query.token, contractorIdOf(request));
    if (answer.status === 'claimed_by_you')
      return {
        success: true,
        status: answer.status,
        message: 'You claimed this lead.',
        lead: leadWithContact(answer.lead, answer.priceCents),
      };
    if (answer.status === 'available')
      return { success: true, status: answer.status, lead: claimPreview(answer.lead, answer.priceCents, answer.facts) };
    return { success: false, status: answer.status, message: answer.message };
  });
}
