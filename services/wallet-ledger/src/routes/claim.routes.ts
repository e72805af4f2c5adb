import { functionPath, LeadClaimPostRequestSchema } from '@leadmarket/contracts';
import type { ServiceApp } from '@leadmarket/platform';
import { claimLead } from '../use-cases/claim-lead.js';
import type { WalletContext } from '../context.js';

/**
 * The claim link's purchase (leads-claim-post): the sale's owner takes it, on the dashboard
 * purchase's path. The page's reads (leads-claim-get, leads-claim-status) are lead-intake's, with
 * the lead they show (docs/adr/0049).
 */
export function registerClaimRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.post(functionPath('leads-claim-post'), { schema: { body: LeadClaimPostRequestSchema } }, async (request) =>
    claimLead(ctx, request.body.token, request.body.contractor_id),
  );
}
