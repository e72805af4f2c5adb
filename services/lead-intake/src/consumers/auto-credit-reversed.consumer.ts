import { defineConsumer } from '@leadmarket/platform';
import { noteCreditReversed } from '../db/auto-credit-marks.repository.js';

/** An admin reversed the automatic credit: the lead is paid for again and returns to the buyer's lists. */
export const autoCreditReversedConsumer = defineConsumer({
  event: 'AutoCreditReversed',
  async handle({ data }, ctx) {
    await noteCreditReversed(ctx.trx, data.credit_id, data.lead_id);
  },
});
