import { lowBalanceEmail } from '../domain/contractor-messages.js';
import { defineNotificationConsumer } from '../context.js';
import { tellContractor } from '../use-cases/tell-contractor.js';

/**
 * The low-balance email. Wallet-ledger decides when (once per fall below the cheapest lead, see its
 * domain/low-balance.ts); the event id makes a redelivered event one email.
 */
export const walletBalanceLowConsumer = defineNotificationConsumer({
  event: 'WalletBalanceLow',
  async handle({ id, data }, ctx) {
    const told = await tellContractor(ctx, {
      contractorId: data.contractor_id,
      kind: 'low_balance',
      email: { dedupeKey: `low_balance:${id}`, write: (to) => lowBalanceEmail({ ...data, ...to }) },
    });
    if (!told) ctx.log.info({ contractor_id: data.contractor_id }, 'no contact for this low-balance notice');
  },
});
