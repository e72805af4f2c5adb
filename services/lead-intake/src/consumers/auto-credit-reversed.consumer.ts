import { defineConsumer } from '@leadmarket/platform';

/** An admin reversed the automatic credit: the lead is paid for again and returns to the buyer's lists. */
export const autoCreditReversedConsumer = defineConsumer({
  event: 'AutoCreditReversed',
  async handle({ data }, ctx) {
    await ctx.trx.updateTable('leads').set({ refunded_at: null }).where('id', '=', data.lead_id).execute();
  },
});
