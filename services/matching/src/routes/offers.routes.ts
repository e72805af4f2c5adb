import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import { notFound } from '@leadmarket/platform';
import { z } from 'zod';
import { offerByTokenHash, offersOfLeads } from '../db/offers.repository.js';
import type { MatchingDatabase } from '../db/database.js';

const TokenHashParams = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'token hash must be a SHA-256 in hex'),
});
const OffersOfLeadsBody = z.object({ lead_ids: z.array(z.string().uuid('lead ids must be lead ids')).max(500) });

/**
 * Matching owns offers and their tokens (docs/adr/0013): the claim page (lead-intake) finds the
 * offer behind a link by the token's hash — the token itself never leaves the browser and
 * lead-intake — and the admin lead list asks who was offered which lead, in which round.
 */
export function registerOfferRoutes(app: ServiceApp, ctx: ServiceContext<MatchingDatabase>): void {
  app.get('/internal/offers/by-token-hash/:hash', { schema: { params: TokenHashParams } }, async (request) => {
    const offer = await offerByTokenHash(ctx.db, request.params.hash);
    if (!offer) throw notFound('No offer has this claim token');
    return { offer };
  });

  app.post('/internal/offers/of-leads', { schema: { body: OffersOfLeadsBody } }, async (request) => ({
    offers: await offersOfLeads(ctx.db, request.body.lead_ids),
  }));
}
