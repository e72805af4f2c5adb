import { intervalJob, type BackgroundJob } from '@leadmarket/platform';
import { afterWaitOf } from '../confirmation-rules.js';
import type { MatchingContext } from '../context.js';
import { awaitingLeads, expireAwaitingLead, releaseAwaitingLead } from '../db/confirmations.repository.js';

export interface WaitOutcome {
  offered: string[];
  expired: string[];
}

/**
 * Leads their category held back for a phone confirmation that has not come
 * (docs/adr/0045-phone-confirmed-before-the-offer.md): past the category's wait, each is offered
 * anyway or expires unoffered, as the rule says now (a category switched to "offer at once" lets
 * its waiting leads go). An expiry is LeadExpired with the wait, in its transaction: lead-intake
 * records it and has the customer told, the others close their copies.
 */
export async function settleAwaitingLeads(ctx: MatchingContext, now = new Date()): Promise<WaitOutcome> {
  const outcome: WaitOutcome = { offered: [], expired: [] };
  const rules = await ctx.confirmationRules.all(ctx.db);
  for (const lead of await awaitingLeads(ctx.db)) {
    const rule = rules.get(lead.service_category);
    const next = rule ? afterWaitOf(rule, lead.submitted_at, now) : 'offer';
    if (next === 'wait') continue;
    await ctx.transaction(async (trx) => {
      if (next === 'offer') {
        if (await releaseAwaitingLead(trx, lead.lead_id)) outcome.offered.push(lead.lead_id);
        return;
      }
      if (!(await expireAwaitingLead(trx, lead.lead_id))) return;
      await ctx.emit(trx, [
        {
          type: 'LeadExpired',
          data: { lead_id: lead.lead_id, expired_at: now.toISOString(), unconfirmed_after_minutes: rule!.wait_minutes },
        },
      ]);
      outcome.expired.push(lead.lead_id);
    });
  }
  if (outcome.offered.length > 0) ctx.matcherWakeup.wake();
  if (outcome.offered.length + outcome.expired.length > 0)
    ctx.logger.info(
      { offered: outcome.offered.length, expired: outcome.expired.length },
      'leads past their phone confirmation wait',
    );
  return outcome;
}

/** The periodic sweep of leads waiting for their phone confirmation. */
export const confirmationWaitJob = (ctx: MatchingContext): BackgroundJob =>
  intervalJob('confirmation-wait', ctx.config.CONFIRMATION_SWEEP_MS, ctx.logger, async () => {
    await settleAwaitingLeads(ctx);
  });
