import { recordRelease, recordScreening, type AwaitedVerdict } from '../db/lead.repository.js';
import { defineLeadIntakeConsumer } from '../context.js';

/**
 * Store screening's verdict: the lead becomes available or rejected. When its submit had answered
 * "pending" (screening's answer came too late or not at all), the customer is told the verdict now
 * by SMS/email (CustomerToBeTold, with what to fix when rejected). A verdict an operator released
 * (`released_at`) makes a rejected lead available, and the customer is told it is on its way.
 */
export const leadScreenedConsumer = defineLeadIntakeConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    const verdict = {
      status: data.status,
      validation_summary: data.validation_summary,
      reasons: data.reasons,
      screened_at: new Date(data.screened_at),
    };
    let tell: { contact: AwaitedVerdict; outcome: 'accepted' | 'rejected' | 'released' } | undefined;
    if (data.released_at && data.status === 'valid') {
      // An operator released it from the screening desk: the customer hears it is on its way.
      const contact = await recordRelease(ctx.trx, data.lead_id, verdict);
      if (contact) tell = { contact, outcome: 'released' };
    } else {
      const awaited = (await recordScreening(ctx.trx, data.lead_id, verdict))?.awaited;
      if (awaited) tell = { contact: awaited, outcome: data.status === 'valid' ? 'accepted' : 'rejected' };
    }
    if (!tell || tell.contact.is_test) return;
    const awaited = tell.contact;
    await ctx.emit([
      {
        type: 'CustomerToBeTold',
        data: {
          lead_id: data.lead_id,
          outcome: tell.outcome,
          contractor_id: null,
          customer_name: awaited.customer_name,
          phone: awaited.phone,
          email: awaited.email,
          service_category: awaited.service_category,
          sub_service: awaited.sub_service,
          occurred_at: data.screened_at,
          ...(tell.outcome === 'rejected' ? { reasons: data.reasons } : {}),
        },
      },
    ]);
  },
});
