import type { ConsumerContext } from '@leadmarket/platform';
import { sql } from 'kysely';
import type { MatchingContext } from '../context.js';
import type { PricedLead } from '../db/pending-leads.repository.js';
import { offerPricedLead } from './match-lead.js';

/**
 * After LeadPriced's consumer stored a new lead, in its transaction: match it right there, so
 * LeadMatched leaves with the consumer's own commit and outbox statement — no matcher transaction,
 * no wake-up, no query for pending leads (docs/adr/0024-19-one-event-per-lead-for-matching.md).
 *
 * The match runs under a savepoint: if it fails (a deadlock on contractor rows with another batch,
 * a bug), only the match is rolled back, the lead stays recorded as pending, and the matcher retries
 * it — a failed match never fails, retries or dead-letters the event (whose batch neighbours would
 * be handled again). The savepoint is not released: COMMIT keeps it, and a batch nests at most its
 * size (16) of them.
 */
export async function matchOnArrival(ctx: ConsumerContext<MatchingContext>, priced: PricedLead): Promise<void> {
  const { trx, service } = ctx;
  const leadId = priced.lead.lead_id;
  await sql`savepoint match_lead`.execute(trx);
  try {
    const matched = await offerPricedLead(trx, service, service.config, priced, new Date());
    await ctx.emit([{ type: 'LeadMatched', data: matched }]);
    ctx.log.info(
      { lead_id: leadId, offers: matched.offers.length, price_cents: priced.price.price_cents },
      'lead matched',
    );
  } catch (err) {
    await sql`rollback to savepoint match_lead`.execute(trx);
    ctx.log.warn({ lead_id: leadId, err: String(err) }, 'matching a lead failed; the matcher retries it');
    ctx.afterCommit(() => service.matcherWakeup.wake());
  }
}
