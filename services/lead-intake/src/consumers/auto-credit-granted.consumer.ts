import { defineConsumer } from '@leadmarket/platform';
import { noteCreditGranted } from '../db/auto-credit-marks.repository.js';

/** An automatic credit refunded the lead (ADR 0012): it moves to the buyer's Refunded list, as an approved refund does. */
export const autoCreditGrantedConsumer = defineConsumer({
  event: 'AutoCreditGranted',
  async handle({ data }, ctx) {
    await noteCreditGranted(ctx.trx, data.credit_id, data.lead_id, new Date(data.granted_at));
  },
});
