import { defineConsumer } from '@leadmarket/platform';
import { purchasesOfCustomer, recordPurchaseFingerprint, unreachableFactOf } from '../db/auto-credits.repository.js';
import { lockWallet } from '../db/ledger.repository.js';
import { repeatPurchases, type RepeatEvidence } from '../domain/auto-credits.js';
import { grantAutoCredit } from '../use-cases/auto-credits.js';

/**
 * lead-intake recorded a purchase and sent the customer's keyed phone fingerprint. Two rules run:
 * a failure of the customer's number already reported (known before the purchase) credits it now;
 * a purchase repeating the same customer within 30 days of a paid one by the same contractor is
 * credited in full (the later one, in whichever order the records arrive).
 */
export const leadPurchaseRecorded = defineConsumer({
  event: 'LeadPurchaseRecorded',
  async handle({ data }, { trx, emit }) {
    // One contractor's records are handled one at a time: two purchases of the same customer
    // arriving together each see the other's fingerprint once the first commits.
    await lockWallet(trx, data.contractor_id);
    const known = await unreachableFactOf(trx, data.lead_id);
    if (known)
      await grantAutoCredit(trx, emit, {
        purchaseId: data.purchase_id,
        rule: 'customer_unreachable',
        evidence: known.evidence as object,
        observedAt: known.failed_at,
      });
    if (!data.customer_fingerprint) return;
    await recordPurchaseFingerprint(trx, {
      purchase_id: data.purchase_id,
      lead_id: data.lead_id,
      contractor_id: data.contractor_id,
      fingerprint: data.customer_fingerprint,
      purchased_at: new Date(data.purchased_at),
    });
    const purchases = await purchasesOfCustomer(trx, data.contractor_id, data.customer_fingerprint);
    for (const { purchase, earlier } of repeatPurchases(purchases)) {
      const evidence: RepeatEvidence = {
        earlier_lead_id: earlier.lead_id,
        earlier_purchase_id: earlier.purchase_id,
        earlier_purchased_at: earlier.purchased_at.toISOString(),
        purchased_at: purchase.purchased_at.toISOString(),
      };
      await grantAutoCredit(trx, emit, {
        purchaseId: purchase.purchase_id,
        rule: 'repeat_lead',
        evidence,
        observedAt: new Date(),
      });
    }
  },
});
