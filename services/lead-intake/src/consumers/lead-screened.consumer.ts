import { recordScreening } from '../db/lead.repository.js';
import { defineLeadIntakeConsumer } from '../context.js';

/**
 * Store screening's verdict: the lead becomes available or rejected. When its submit had answered
 * "pending" (screening's answer came too late or not at all), the customer is told the verdict now
 * by SMS/email (CustomerToBeTold, with what to fix when rejected).
 */
export const leadScreenedConsumer = defineLeadIntakeConsumer({
  event: 'LeadScreened',
  async handle({ data }, ctx) {
    const moved = await recordScreening(ctx.trx, data.lead_id, {
      status: data.status,
      validation_summary: data.validation_summary,
      reasons: data.reasons,
      screened_at: new Date(data.screened_at),
    });
    const awaited = moved?.awaited;
    if (!awaited || awaited.is_test) return;
    await ctx.emit([
      {
        type: 'CustomerToBeTold',
        data: {
          lead_id: data.lead_id,
          outcome: data.status === 'valid' ? 'accepted' : 'rejected',
          contractor_id: null,
          customer_name: awaited.customer_name,
          phone: awaited.phone,
          email: awaited.email,
          service_category: awaited.service_category,
          sub_service: awaited.sub_service,
          occurred_at: data.screened_at,
          ...(data.status === 'rejected' ? { reasons: data.reasons } : {}),
        },
      },
    ]);
  },
});
