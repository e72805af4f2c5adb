import { defineWalletConsumer } from '../context.js';

/**
 * What the buyer recorded happened with a purchase: close rates and ROI count from it. Events may
 * arrive out of order, so one recorded before the purchase's current outcome changes nothing.
 */
export const leadOutcomeRecordedConsumer = defineWalletConsumer({
  event: 'LeadOutcomeRecorded',
  async handle({ data }, { trx }) {
    await trx
      .updateTable('purchases')
      .set({
        outcome: data.outcome,
        job_value_cents: data.job_value_cents,
        lost_reason: data.lost_reason,
        outcome_at: data.recorded_at,
      })
      .where('lead_id', '=', data.lead_id)
      .where('contractor_id', '=', data.contractor_id)
      .where((eb) => eb.or([eb('outcome_at', 'is', null), eb('outcome_at', '<=', new Date(data.recorded_at))]))
      .execute();
  },
});
