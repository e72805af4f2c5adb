import { defineWalletConsumer } from '../context.js';
import { recordUnreachableFact } from '../db/auto-credits.repository.js';
import type { UnreachableEvidence } from '../domain/auto-credits.js';
import { grantAutoCredit, purchaseOfLead } from '../use-cases/auto-credits.js';

/**
 * notification could not text a lead's customer, for good, because of the number: the buyer gets
 * the price back at once. The failure is kept by lead, so a later sale of the lead is credited in
 * its own transaction (docs/adr/0043). Once per purchase however often the event comes.
 */
export const customerUnreachableConsumer = defineWalletConsumer({
  event: 'CustomerUnreachable',
  async handle({ data }, { trx, emit }) {
    const evidence: UnreachableEvidence = {
      provider: data.provider,
      provider_message_id: data.provider_message_id,
      error_code: data.error_code,
      error_message: data.error_message,
      reported_via: data.reported_via,
      failed_at: data.failed_at,
    };
    await recordUnreachableFact(trx, data.lead_id, evidence, new Date(data.failed_at));
    // The lead's row locked before its purchase is looked for: a sale in progress commits first and
    // is found here; a sale after this waits for it and finds the fact itself.
    await trx.selectFrom('leads').select('lead_id').where('lead_id', '=', data.lead_id).forUpdate().execute();
    const purchaseId = await purchaseOfLead(trx, data.lead_id);
    if (!purchaseId) return;
    await grantAutoCredit(trx, emit, {
      purchaseId,
      rule: 'customer_unreachable',
      evidence,
      observedAt: new Date(data.failed_at),
    });
  },
});
