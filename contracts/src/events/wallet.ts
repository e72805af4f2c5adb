import { z } from '../zod.js';

const cents = z.number().int();
const isoTime = z.string().datetime({ offset: true });

export const WalletFundedV1 = z.object({
  contractor_id: z.string(),
  amount_cents: cents,
  balance_cents: cents,
  source: z.enum(['signup_credit', 'checkout', 'auto_reload', 'admin_adjustment', 'refund']),
  funded_at: isoTime,
});

/**
 * A wallet's spend caps and what was spent in the current UTC day and ISO week: matching
 * stops offering a lead that would pass a cap. Optional in WalletBalanceChanged so older producers
 * and consumers still agree; absent = no caps known.
 */
export const SpendLimitsV1 = z.object({
  daily_cap_cents: cents.nullable(),
  weekly_cap_cents: cents.nullable(),
  max_lead_price_cents: cents.nullable(),
  spent_today_cents: cents,
  spent_this_week_cents: cents,
  day_start: isoTime,
  week_start: isoTime,
});

/** Any change of a wallet's balance (or of its spend caps); matching uses it to know who can afford a lead. */
export const WalletBalanceChangedV1 = z.object({
  contractor_id: z.string(),
  balance_cents: cents,
  reason: z.string(),
  changed_at: isoTime,
  spend_limits: SpendLimitsV1.optional(),
});

/**
 * A wallet has just fallen below the cheapest lead in its contractor's category (wallet-ledger
 * decides, once per crossing: the balance before the debit could buy that lead, the balance after
 * cannot). Notification emails the contractor.
 */
export const WalletBalanceLowV1 = z.object({
  contractor_id: z.string(),
  balance_cents: cents,
  cheapest_lead_cents: cents,
  category: z.string(),
  reason: z.string(),
  changed_at: isoTime,
  /** Whether a card is saved (auto-reload can only be turned on with one); absent = unknown, treated as none. */
  has_saved_card: z.boolean().optional(),
});

export const RefundDecidedV1 = z.object({
  refund_id: z.string().uuid(),
  lead_id: z.string().uuid(),
  contractor_id: z.string(),
  decision: z.enum(['approved', 'rejected']),
  amount_cents: cents,
  decided_at: isoTime,
  /** What the admin wrote with the decision (the contractor's email quotes it). */
  admin_notes: z.string().optional(),
});
