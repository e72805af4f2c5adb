import type { EventData, EventEnvelope } from '@leadmarket/contracts';
import type { BatchConsumerContext } from '@leadmarket/platform';
import { sql } from 'kysely';
import type { MatchingContext } from '../context.js';
import { candidateLeadOf, candidatesFor } from '../db/contractors.repository.js';
import { insertOffers, type NewOffer } from '../db/offers.repository.js';
import { recordOfferedLeads, type NewOfferedLead, type StoredRunLead } from '../db/pending-leads.repository.js';
import {
  rankCandidates,
  scoreCandidate,
  type Candidate,
  type LeadToMatch,
  type RankedCandidate,
} from '../domain/ranking.js';
import { firstMatchChange, MATCH_LISTED_LIMIT } from './match-lead.js';
import { holdingContractors, holdsContractors } from './match-on-arrival.js';
import { planOfferRound } from './offer-round.js';
import { candidateLimit, pickOfferees, type LeadToOffer } from './pick-offerees.js';

type Priced = EventEnvelope<EventData<'LeadPriced'>>;

/**
 * A run of LeadPriced leads to be offered at once (consecutive in a batch, ADR 0052), stored and
 * matched with the effect of matchOnArrival on each in turn, in three statements whatever the run's
 * length: the leads stored with their candidates (one list per group of leads PostgreSQL ranks alike),
 * a savepoint, and every offer, contractor record and lead change. Between them each lead is ranked
 * in code, in the run's order, on its candidates as the run's earlier offers left them (one more offer
 * received, just offered: what PostgreSQL would have read after those offers' statements), so the
 * fairness across leads is the one-at-a-time fairness. A lead whose best candidates are too few once
 * spend caps refused some reads all of them, as pickOfferees does, after the offers so far are
 * written. As matchOnArrival, the matching runs under a savepoint: if it fails, the run's leads stay
 * pending for the matcher and the events do not fail.
 */
export async function matchRun(
  ctx: BatchConsumerContext<MatchingContext>,
  run: Array<{ event: Priced; lead: NewOfferedLead }>,
  now: Date,
): Promise<void> {
  if (run.length === 0) return;
  const { trx, service } = ctx;
  const offers = service.config.OFFERS_PER_LEAD;
  const limit = candidateLimit(offers);
  // A lead named twice: its first event stores it; the repeat finds it stored and changes nothing.
  const sourceOf = new Map<string, Priced>();
  const leads: NewOfferedLead[] = [];
  for (const { event, lead } of run)
    if (!sourceOf.has(lead.lead_id)) {
      sourceOf.set(lead.lead_id, event);
      leads.push(lead);
    }
  const stored = await recordOfferedLeads(trx, leads, { now, limit, offers });
  if (stored.length === 0) return;
  // As matchOnArrival: a transaction already holding contractor rows never waits for more.
  let holding = holdingContractors(trx);
  await sql`savepoint match_run`.execute(trx);
  try {
    /** Offers this run made so far, and the last one, per contractor. */
    const given = new Map<string, { n: number; at: string }>();
    const asLeftByRun = (c: Candidate): Candidate => {
      const g = given.get(c.contractor_id);
      if (!g) return c;
      const last = c.last_offered_at && c.last_offered_at > g.at ? c.last_offered_at : g.at;
      return { ...c, offers_received: c.offers_received + g.n, last_offered_at: last };
    };
    const pools = new Map<string, StoredRunLead>();
    for (const s of stored) if (s.candidates) pools.set(s.group, s);
    const matched: Array<{
      stored: StoredRunLead;
      at: Date;
      offers: NewOffer[];
      announce(listed: string[]): EventData<'LeadMatched'>;
    }> = [];
    let written = 0;
    const write = async () => {
      const todo = matched.slice(written);
      if (todo.length === 0) return new Map<string, string[]>();
      const listed = await insertOffers(
        trx,
        todo.flatMap((m) => m.offers),
        todo.map((m) => ({
          lead_id: m.stored.priced.lead.lead_id,
          change: firstMatchChange(m.stored.priced.price, m.at, service.config),
        })),
        { noWait: holding, listing: MATCH_LISTED_LIMIT },
      );
      written = matched.length;
      holding = true;
      return listed;
    };
    const listed = new Map<string, string[]>();
    /** Whether a lead offered a contractor its group's list did not hold (it read every candidate). */
    let offeredOutsideLists = false;
    for (const [i, s] of stored.entries()) {
      // Each lead matched a millisecond after the one before it: its ranking sees those offers as
      // just made, and the earlier of two as the earlier (fairness, as one at a time).
      const at = new Date(now.getTime() + i);
      const { lead, price } = s.priced;
      const toMatch: LeadToOffer = { ...lead, price_cents: price.price_cents };
      const pool = pools.get(s.group)!;
      const listIds = new Set(pool.candidates!.map((c) => c.contractor_id));
      const truncated = pool.candidates!.length >= pool.asked;
      let ranked: RankedCandidate[];
      if (truncated && offeredOutsideLists) {
        // A contractor offered by a lead that read every candidate may be missing from this list and
        // rank among its best now: PostgreSQL ranks this lead, once the run's offers so far are written.
        for (const [id, l] of await write()) listed.set(id, l);
        ranked = await pickOfferees(trx, toMatch, undefined, { offers, now: at });
      } else {
        const best = pool.candidates!.map(asLeftByRun).sort(byCandidatesQuery(toMatch, at));
        ranked = rankCandidates(best.slice(0, limit), toMatch, offers, at);
        if (ranked.length < offers && best.length >= limit) {
          // pickOfferees: too few left once spend caps refused some of the best `limit`.
          if (!truncated) ranked = rankCandidates(best, toMatch, offers, at);
          else {
            // The group's list may not hold them all: every candidate, read once this run's offers so
            // far are written (PostgreSQL then counts them).
            for (const [id, l] of await write()) listed.set(id, l);
            const all = await candidatesFor(trx, candidateLeadOf(toMatch), { now: at });
            ranked = rankCandidates(all, toMatch, offers, at);
          }
        }
      }
      if (ranked.some((r) => !listIds.has(r.contractor_id))) offeredOutsideLists = true;
      for (const r of ranked)
        given.set(r.contractor_id, { n: (given.get(r.contractor_id)?.n ?? 0) + 1, at: at.toISOString() });
      const plan = planOfferRound(service, service.config, {
        lead,
        priceCents: price.price_cents,
        ranked,
        firstRank: 1,
        number: 1,
        now: at,
      });
      matched.push({ stored: s, at, ...plan });
    }
    for (const [id, l] of await write()) listed.set(id, l);
    holdsContractors(trx);
    for (const m of matched) {
      const data = m.announce(listed.get(m.stored.priced.lead.lead_id) ?? []);
      await ctx.emit(sourceOf.get(data.lead_id)!, [{ type: 'LeadMatched', data }]);
      ctx.log.info(
        { lead_id: data.lead_id, offers: data.offers.length, price_cents: data.price_cents },
        'lead matched',
      );
    }
  } catch (err) {
    await sql`rollback to savepoint match_run`.execute(trx);
    const busy = (err as { code?: string }).code === '55P03';
    ctx.log[busy ? 'debug' : 'warn'](
      { leads: stored.map((s) => s.priced.lead.lead_id), err: String(err) },
      'matching a run of leads failed; the matcher retries them',
    );
    ctx.afterCommit(() => service.matcherWakeup.wake());
  }
}

/**
 * candidatesQuery's order in code (the preferred contractor, score, least recently offered, id):
 * which of the candidates it would have returned first, had it read them as the run left them.
 */
const byCandidatesQuery =
  (lead: LeadToMatch, now: Date) =>
  (a: Candidate, b: Candidate): number => {
    const pa = a.contractor_id === lead.preferred_contractor_id;
    const pb = b.contractor_id === lead.preferred_contractor_id;
    if (pa !== pb) return pa ? -1 : 1;
    const sa = scoreCandidate(a, now);
    const sb = scoreCandidate(b, now);
    if (sa !== sb) return sb - sa;
    const la = a.last_offered_at === null ? -Infinity : Date.parse(a.last_offered_at);
    const lb = b.last_offered_at === null ? -Infinity : Date.parse(b.last_offered_at);
    if (la !== lb) return la < lb ? -1 : 1;
    return a.contractor_id < b.contractor_id ? -1 : a.contractor_id > b.contractor_id ? 1 : 0;
  };
