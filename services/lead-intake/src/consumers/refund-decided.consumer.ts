import { defineLeadIntakeConsumer } from '../context.js';
import { markRefunded } from '../db/lead.repository.js';

/** An approved refund is noted on the lead (the buyer keeps the assignment; the money moved in wallet-ledger). */
export const refundDecidedConsumer = defineLeadIntakeConsumer({
  event: 'RefundDecided',
  async handle({ data }, ctx) {
    if (data.decision !== 'approved') return;
    await markRefunded(ctx.trx, data.lead_id, new Date(data.decided_at));
  },
});
