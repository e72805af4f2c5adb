import { autoCreditReversedEmail } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';

/** An admin took an automatic credit back: the contractor is told by email, with the reason. */
export const autoCreditReversedConsumer = defineNotificationConsumer({
  event: 'AutoCreditReversed',
  async handle({ data }, ctx) {
    await tellContractor(ctx, {
      contractorId: data.contractor_id,
      kind: 'auto_credit',
      leadId: data.lead_id,
      email: {
        dedupeKey: `auto_credit_reversed_email:${data.credit_id}`,
        write: (to) => autoCreditReversedEmail({ ...data, ...to }),
      },
    });
  },
});
