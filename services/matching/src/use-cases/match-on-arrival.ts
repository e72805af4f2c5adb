import type { ConsumerContext } from '@leadmarket/platform';
import { sql } from 'kysely';
import type { MatchingContext } from '../context.js';
import type { PricedLead } from '../db/pending-leads.repository.js';
import { offerPricedLead } from './match-lead.js';

/** The consumer transactions (one per batch) that hold contractor rows: a lead matched, a sale or a profile recorded. */
const matchesIn = new WeakSet<object>();

/** Note that this consumer transaction now holds contractor rows (its later matches must not wait for others). */
export const holdsContractors = (trx: object) => void matchesIn.add(trx);

/** Whether this consumer transaction holds contractor rows already (its matches must then not wait for others'). */
export const holdingContractors = (trx: object) => matchesIn.has(trx);

/**
 * After LeadPriced's consumer stored a new lead, in its transaction: match it right there, so
 * LeadMatched leaves with the consumer's own commit and outbox statement — no matcher transaction,
 * no wake-up, no query for pending leads (docs/adr/0024-one-event-per-lead-for-matching.md).
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
  // A batch matching several leads holds the contractors of the first while it offers the next: those
  // never wait for a contractor another batch holds (they fail, and the matcher offers the lead in a
  // transaction of its own), so two batches can never wait on each other (a deadlock).
  const holding = matchesIn.has(trx);
  await sql`savepoint match_lead`.execute(trx);
  try {
    const matched = await offerPricedLead(trx, service, service.config, priced, new Date(), { noWait: holding });
    matchesIn.add(trx);
    await ctx.emit([{ type: 'LeadMatched', data: matched }]);
    ctx.log.info(
      { lead_id: leadId, offers: matched.offers.length, price_cents: priced.price.price_cents },
      'lead matched',
    );
  } catch (err) {
    await sql`rollback to savepoint match_lead`.execute(trx);
    // A contractor held by another batch (lock_not_available) is the expected case, not a warning.
    const busy = (err as { code?: string }).code === '55P03';
    ctx.log[busy ? 'debug' : 'warn'](
      { lead_id: leadId, err: String(err) },
      'matching a lead failed; the matcher retries it',
    );
    ctx.afterCommit(() => service.matcherWakeup.wake());
  }
}
