import { formatDateTime, type AutoCreditRule } from '@leadmarket/contracts';

/** How far back a purchase of the same customer makes a new one a repeat (30 days). */
export const REPEAT_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule in plain words, as the contractor reads it on the Wallet tab and in the notice. */
export const AUTO_CREDIT_REASONS: Record<AutoCreditRule, string> = {
  customer_unreachable: "The customer's phone number cannot receive calls or texts",
  repeat_lead: `The same customer as a lead you bought in the last ${REPEAT_WINDOW_DAYS} days`,
};

/** The rules themselves, listed above the credits so a contractor knows what is refunded without asking. */
export const AUTO_CREDIT_RULE_DESCRIPTIONS: Array<{ rule: AutoCreditRule; description: string }> = [
  {
    rule: 'customer_unreachable',
    description:
      'Full refund when the text we send the customer after your purchase fails for good because the number is invalid, unreachable or a landline.',
  },
  {
    rule: 'repeat_lead',
    description: `Full refund when a lead you buy has the same customer phone as one you bought in the previous ${REPEAT_WINDOW_DAYS} days, in any category.`,
  },
];

/** What notification reported about the failed text (stored as the credit's evidence). */
export interface UnreachableEvidence {
  provider: string;
  provider_message_id: string | null;
  error_code: string;
  error_message: string;
  reported_via: 'send_error' | 'status_callback';
  failed_at: string;
}

/** The earlier purchase a repeat matched (stored as the credit's evidence; never the phone or its hash). */
export interface RepeatEvidence {
  earlier_lead_id: string;
  earlier_purchase_id: string;
  earlier_purchased_at: string;
  purchased_at: string;
}

const shortId = (id: string) => id.slice(0, 8);

/** The stored evidence as facts in words, for the Wallet tab and the admin contractor page. */
export function evidenceLines(rule: string, evidence: unknown): Array<{ label: string; value: string }> {
  if (rule === 'customer_unreachable') {
    const e = evidence as UnreachableEvidence;
    return [
      {
        label: 'Text to the customer',
        value: `failed for good (${e.reported_via === 'status_callback' ? 'reported by the carrier after sending' : 'refused when sending'})`,
      },
      { label: 'Error', value: `${e.error_code}${e.error_message ? ` — ${e.error_message}` : ''}` },
      { label: 'Failed at', value: formatDateTime(e.failed_at) },
      ...(e.provider_message_id ? [{ label: 'Message id', value: `${e.provider} ${e.provider_message_id}` }] : []),
    ];
  }
  if (rule === 'repeat_lead') {
    const e = evidence as RepeatEvidence;
    return [
      { label: 'Same customer phone as lead', value: shortId(e.earlier_lead_id) },
      { label: 'That lead bought', value: formatDateTime(e.earlier_purchased_at) },
      { label: 'This lead bought', value: formatDateTime(e.purchased_at) },
    ];
  }
  return [];
}

/** One purchase of a contractor with a given customer fingerprint. */
export interface FingerprintedPurchase {
  purchase_id: string;
  lead_id: string;
  purchased_at: Date;
  /** Refunded purchases (by request or automatically) did not cost the contractor, so they repeat nothing. */
  refunded: boolean;
}

/**
 * Which purchases of one customer by one contractor are repeats: each bought within the window
 * after an earlier purchase that was paid for (not refunded). Evidence names that earlier one.
 * Order-independent: however the purchase records arrive, the later purchase is the one credited.
 */
export function repeatPurchases(
  purchases: FingerprintedPurchase[],
): Array<{ purchase: FingerprintedPurchase; earlier: FingerprintedPurchase }> {
  const sorted = [...purchases].sort(
    (a, b) => a.purchased_at.getTime() - b.purchased_at.getTime() || a.purchase_id.localeCompare(b.purchase_id),
  );
  const repeats: Array<{ purchase: FingerprintedPurchase; earlier: FingerprintedPurchase }> = [];
  let lastPaid: FingerprintedPurchase | undefined;
  for (const p of sorted) {
    const within =
      lastPaid && p.purchased_at.getTime() - lastPaid.purchased_at.getTime() <= REPEAT_WINDOW_DAYS * DAY_MS;
    if (lastPaid && within && !p.refunded) {
      repeats.push({ purchase: p, earlier: lastPaid });
      continue; // credited: it does not count as paid for later ones
    }
    if (!p.refunded) lastPaid = p;
  }
  return repeats;
}
