import type { SpendLimitsSnapshot } from '@leadmarket/contracts';
import type { NewEvent } from '@leadmarket/platform';

type FundingSource = 'signup_credit' | 'checkout' | 'auto_reload' | 'admin_adjustment' | 'refund';

/** WalletBalanceChanged: matching keeps its view of who can afford a lead from it. */
export const balanceChanged = (
  contractorId: string,
  balanceCents: number,
  reason: string,
  spendLimits?: SpendLimitsSnapshot,
): NewEvent<'WalletBalanceChanged'> => ({
  type: 'WalletBalanceChanged',
  data: {
    contractor_id: contractorId,
    balance_cents: balanceCents,
    reason,
    changed_at: new Date().toISOString(),
    // Purchases and cap changes carry the caps and the spend so far, so matching can stop offering.
    ...(spendLimits ? { spend_limits: spendLimits } : {}),
  },
});

/** WalletFunded and the balance change it causes. */
export const fundedEvents = (
  contractorId: string,
  amountCents: number,
  balanceCents: number,
  source: FundingSource,
): NewEvent[] => [
  {
    type: 'WalletFunded',
    data: {
      contractor_id: contractorId,
      amount_cents: amountCents,
      balance_cents: balanceCents,
      source,
      funded_at: new Date().toISOString(),
    },
  },
  balanceChanged(contractorId, balanceCents, source),
];
