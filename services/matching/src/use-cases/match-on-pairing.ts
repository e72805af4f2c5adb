import type { ConsumerContext } from '@leadmarket/platform';
import { sql } from 'kysely';
import type { MatchingContext } from '../context.js';
import type { PricedLead } from '../db/pending-leads.repository.js';
import { offerPricedLead } from './match-lead.js';
import type { LeadHalf } from './pair-watch.js';

/**
 * After a consumer stored one half of a lead (LeadScreened or LeadPriced), in its transaction:
 * when that completed the pair (`priced`), match the lead right there, so LeadMatched leaves with
 * the consumer's own commit and outbox statement — no matcher transaction, no wake-up, no query for
 * pending leads (docs/adr/0021-19-match-in-the-consumer-that-completes-the-pair.md).
 *
 * The match runs under a savepoint: if it fails (a deadlock on contractor rows with another
 * batch, a bug), only the match is rolled back, the event and its half stay recorded, and the
 * matcher retries the lead — a failed match never fails, retries or dead-letters the event (whose
 * batch neighbours would be handled again). The savepoint is not released: COMMIT keeps it, and
 * a batch nests at most its size (16) of them.
 */
export async function matchOnPairing(
  ctx: ConsumerContext<MatchingContext>,
  leadId: string,
  half: LeadHalf,
  priced: PricedLead | undefined,
): Promise<void> {
  const { trx, service } = ctx;
  if (!priced) {
    // Not (yet) a pair, or a repeat: only a partner committing at the same moment needs the matcher.
    ctx.afterCommit(() => {
      if (service.pairWatch.committedAlone(leadId, half)) service.matcherWakeup.wake();
    });
    return;
  }
  ctx.afterCommit(() => service.pairWatch.paired(leadId));
  const now = new Date();
  await sql`savepoint match_lead`.execute(trx);
  try {
    const matched = await offerPricedLead(trx, service, service.config, priced, now);
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
