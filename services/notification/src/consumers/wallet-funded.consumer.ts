import { fundingReceiptEmail } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';

/** Every card charge (checkout or auto-reload) gets an emailed receipt; credits we give need none. */
export const walletFundedConsumer = defineNotificationConsumer({
  event: 'WalletFunded',
  async handle({ id, data }, ctx) {
    const source = data.source;
    if (source !== 'checkout' && source !== 'auto_reload') return;
    await tellContractor(ctx, {
      contractorId: data.contractor_id,
      kind: 'funding_receipt',
      email: { dedupeKey: `funding_receipt:${id}`, write: (to) => fundingReceiptEmail({ ...data, source, ...to }) },
    });
  },
});
