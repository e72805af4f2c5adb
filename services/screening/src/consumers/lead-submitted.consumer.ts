import type { EventData, ScreeningAnswer } from '@leadmarket/contracts';
import type { NewEvent } from '@leadmarket/platform';
import { insertScreening, insertScreenings, type ScreeningRecord } from '../db/screening.repository.js';
import { defineScreeningConsumer } from '../context.js';
import { issueFirstCode, issueFirstCodes } from '../use-cases/confirm-contact.js';
import { screenLead, screenLeads, type LeadToScreen, type Screening } from '../use-cases/screen-lead.js';

type Submitted = EventData<'LeadSubmitted'>;

/** The lead as screening judges it. */
const leadToScreen = (data: Submitted): LeadToScreen => ({
  id: data.lead_id,
  phone: data.phone,
  email: data.email,
  customer_name: data.customer_name,
  description: data.description,
  service_category: data.service_category,
  sub_service: data.sub_service,
  client_ip_hash: data.client_ip_hash,
  submitted_at: new Date(data.submitted_at),
});

/** The job as submitted: kept with the verdict (the desk shows it) and passed on in LeadScreened. */
const jobOf = (data: Submitted) => ({
  service_category: data.service_category,
  sub_service: data.sub_service,
  zip_code: data.zip_code,
  urgency: data.urgency,
  description: data.description,
  preferred_contractor_id: data.preferred_contractor_id,
});

/** What is stored of the verdict (hashes and reasons, never the contact). */
const recordOf = (data: Submitted, screening: Screening): ScreeningRecord => ({
  lead_id: data.lead_id,
  status: screening.status,
  summary: screening.validation_summary,
  reasons: screening.reasons,
  client_ip_hash: data.client_ip_hash,
  is_test: data.is_test,
  submitted_at: new Date(data.submitted_at),
  screened_at: screening.screened_at,
  job: jobOf(data),
  // An accepted lead keeps its fingerprint for the window, in the same statement as its verdict.
  fingerprint: screening.claimedFingerprint,
});

/** Whether the lead's phone is to be confirmed (docs/adr/0045): accepted, and a real customer's. */
const confirmsPhone = (data: Submitted, screening: Screening) => screening.status === 'valid' && !data.is_test;

const screenedEvent = (data: Submitted, screening: Screening): NewEvent<'LeadScreened'> => ({
  type: 'LeadScreened',
  data: {
    lead_id: data.lead_id,
    status: screening.status,
    validation_summary: screening.validation_summary,
    reasons: screening.reasons,
    ...jobOf(data),
    // lead-intake's keyed phone fingerprint, passed on for the repeat-lead credit (docs/adr/0043).
    customer_fingerprint: data.customer_fingerprint ?? null,
    is_test: data.is_test,
    submitted_at: data.submitted_at,
    // What a contractor may know of the contact before buying: never the contact itself.
    contact: { line_type: screening.phone.lineType, email_present: Boolean(data.email?.trim()) },
    screened_at: screening.screened_at.toISOString(),
  },
});

/** The answer to the leads-submit waiting for this verdict. */
const answerOf = (data: Submitted, screening: Screening): ScreeningAnswer => ({
  lead_id: data.lead_id,
  status: screening.status,
  validation_summary: screening.validation_summary,
  reasons: screening.reasons,
  screened_at: screening.screened_at.toISOString(),
});

/**
 * Screen a submitted lead (phone, email, content, duplicates, per-address rate), store the verdict
 * (hashes and reasons, never the contact) and write LeadScreened in the same transaction; an
 * accepted lead's phone confirmation code goes out with it (ContactCodeIssued, docs/adr/0045-phone-confirmed-before-the-offer.md). After
 * the commit, answer the leads-submit waiting for it (request–reply over the bus), if one is.
 * Leads that arrive together are judged in order, each counting the ones before it (a duplicate pair
 * of one run is still an original and its duplicate), with their verdicts and codes stored in one
 * statement each (docs/adr/0052); each submit still gets its own lead's answer.
 */
export const leadSubmittedConsumer = defineScreeningConsumer({
  event: 'LeadSubmitted',
  async handle({ data }, ctx) {
    const rules = await ctx.service.rules.get(ctx.trx);
    const screening = await screenLead(ctx.trx, ctx.kv, rules, leadToScreen(data));
    await insertScreening(ctx.trx, recordOf(data, screening));
    const code = confirmsPhone(data, screening)
      ? await issueFirstCode(ctx.trx, ctx.service.config, data, screening.screened_at, screening.phone.e164)
      : undefined;
    await ctx.emit([screenedEvent(data, screening), ...(code ? [code] : [])]);
    ctx.reply(answerOf(data, screening));
  },
  async handleBatch(events, ctx) {
    const rules = await ctx.service.rules.get(ctx.trx);
    const screenings = await screenLeads(
      ctx.trx,
      ctx.kv,
      rules,
      events.map((e) => leadToScreen(e.data)),
    );
    await insertScreenings(
      ctx.trx,
      events.map((e, i) => recordOf(e.data, screenings[i]!)),
    );
    const codes = await issueFirstCodes(
      ctx.trx,
      ctx.service.config,
      events.flatMap((e, i) => {
        const screening = screenings[i]!;
        return confirmsPhone(e.data, screening)
          ? [{ lead: e.data, now: screening.screened_at, phone: screening.phone.e164 }]
          : [];
      }),
    );
    for (const [i, event] of events.entries()) {
      const screening = screenings[i]!;
      const code = codes.get(event.data.lead_id);
      await ctx.emit(event, [screenedEvent(event.data, screening), ...(code ? [code] : [])]);
      ctx.reply(event, answerOf(event.data, screening));
    }
  },
});
