import type { ScreeningAnswer } from '@leadmarket/contracts';
import { insertScreening } from '../db/screening.repository.js';
import { defineScreeningConsumer } from '../context.js';
import { issueFirstCode } from '../use-cases/confirm-contact.js';
import { screenLead } from '../use-cases/screen-lead.js';

/**
 * Screen a submitted lead (phone, email, content, duplicates, per-address rate), store the verdict
 * (hashes and reasons, never the contact) and write LeadScreened in the same transaction; an
 * accepted lead's phone confirmation code goes out with it (ContactCodeIssued, docs/adr/0045-phone-confirmed-before-the-offer.md). After
 * the commit, answer the leads-submit waiting for it (request–reply over the bus), if one is.
 */
export const leadSubmittedConsumer = defineScreeningConsumer({
  event: 'LeadSubmitted',
  async handle({ data }, ctx) {
    const submittedAt = new Date(data.submitted_at);
    const rules = await ctx.service.rules.get(ctx.trx);
    const screening = await screenLead(ctx.trx, ctx.kv, rules, {
      id: data.lead_id,
      phone: data.phone,
      email: data.email,
      customer_name: data.customer_name,
      description: data.description,
      service_category: data.service_category,
      sub_service: data.sub_service,
      client_ip_hash: data.client_ip_hash,
      submitted_at: submittedAt,
    });
    // The job as submitted: kept with the verdict (the desk shows it) and passed on in LeadScreened.
    const job = {
      service_category: data.service_category,
      sub_service: data.sub_service,
      zip_code: data.zip_code,
      urgency: data.urgency,
      description: data.description,
      preferred_contractor_id: data.preferred_contractor_id,
    };
    await insertScreening(ctx.trx, {
      lead_id: data.lead_id,
      status: screening.status,
      summary: screening.validation_summary,
      reasons: screening.reasons,
      client_ip_hash: data.client_ip_hash,
      is_test: data.is_test,
      submitted_at: submittedAt,
      screened_at: screening.screened_at,
      job,
      // An accepted lead keeps its fingerprint for the window, in the same statement as its verdict.
      fingerprint: screening.claimedFingerprint,
    });
    const code =
      screening.status === 'valid' && !data.is_test
        ? await issueFirstCode(ctx.trx, ctx.service.config, data, screening.screened_at, screening.phone.e164)
        : undefined;
    await ctx.emit([
      {
        type: 'LeadScreened',
        data: {
          lead_id: data.lead_id,
          status: screening.status,
          validation_summary: screening.validation_summary,
          reasons: screening.reasons,
          ...job,
          // lead-intake's keyed phone fingerprint, passed on for the repeat-lead credit (docs/adr/0043).
          customer_fingerprint: data.customer_fingerprint ?? null,
          is_test: data.is_test,
          submitted_at: data.submitted_at,
          // What a contractor may know of the contact before buying: never the contact itself.
          contact: { line_type: screening.phone.lineType, email_present: Boolean(data.email?.trim()) },
          screened_at: screening.screened_at.toISOString(),
        },
      },
      ...(code ? [code] : []),
    ]);
    const answer: ScreeningAnswer = {
      lead_id: data.lead_id,
      status: screening.status,
      validation_summary: screening.validation_summary,
      reasons: screening.reasons,
      screened_at: screening.screened_at.toISOString(),
    };
    ctx.reply(answer);
  },
});
