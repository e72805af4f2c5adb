import { formatCents } from '@leadmarket/contracts';
/** A purchased lead can be refunded when asked within this many days of the purchase. */
export const REFUND_WINDOW_DAYS = 7;

/** Texts of our own for refund requests (the spec has none). */
export const REFUND_MESSAGES = {
  requested: `Refund requested. An admin will review it; refunds can be requested within ${REFUND_WINDOW_DAYS} days of purchase.`,
  notYours: 'You have not purchased this lead.',
  windowPassed: `Refunds can only be requested within ${REFUND_WINDOW_DAYS} days of purchase.`,
  alreadyRequested: 'A refund has already been requested for this lead.',
  reasonRequired: 'Please give a reason for the refund request',
  notFound: 'Refund request not found',
  alreadyDecided: 'This refund request has already been processed.',
  alreadyRefunded: 'This lead was already refunded automatically; there is nothing left to refund.',
  creditUncovered: (leadId: string, creditCents: number, balanceCents: number) =>
    `Approving this refund takes back the ${formatCents(creditCents)} automatic credit of lead ${leadId.slice(0, 8)}, which rested on this purchase, but the wallet would hold only ${formatCents(balanceCents)}. Adjust the wallet first, or reject the refund.`,
} as const;

/** True while a purchase made at `purchasedAt` may still be refunded. */
export const withinRefundWindow = (purchasedAt: Date, now: Date = new Date()) =>
  now.getTime() - purchasedAt.getTime() <= REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;
