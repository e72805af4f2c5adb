import { INTERNAL_CALLS, OfferTokenHashParamsSchema, type InternalResponse } from '@leadmarket/contracts';
import type { ServiceApp, ServiceContext } from '@leadmarket/platform';
import { notFound } from '@leadmarket/platform';
import { offerByTokenHash, offersOfLeads } from '../db/offers.repository.js';
import type { MatchingDatabase } from '../db/database.js';

/**
 * Matching owns offers and their tokens (docs/adr/0013): the claim page's reads (lead-intake) and
 * its claim (wallet-ledger) find the offer behind a link by the token's hash — the token itself goes
 * no further than the service the browser sent it to — and the admin lead list asks who was offered
 * which lead, in which round.
 */
export function registerOfferRoutes(app: ServiceApp, ctx: ServiceContext<MatchingDatabase>): void {
  app.get(
    INTERNAL_CALLS.offerByTokenHash.path,
    { schema: { params: OfferTokenHashParamsSchema } },
    async (request): Promise<InternalResponse<'offerByTokenHash'>> => {
      const offer = await offerByTokenHash(ctx.db, request.params.hash);
      if (!offer) throw notFound('No offer has this claim token');
      return { offer };
    },
  );

  app.post(
    INTERNAL_CALLS.offersOfLeads.path,
    { schema: { body: INTERNAL_CALLS.offersOfLeads.body } },
    async (request): Promise<InternalResponse<'offersOfLeads'>> => ({
      offers: await offersOfLeads(ctx.db, request.body.lead_ids),
    }),
  );
}
