import { z } from 'zod';

const isoTime = z.string().datetime({ offset: true });

/**
 * Emitted by lead-intake (the only owner of customer contact) when the customer must hear about
 * their request: `accepted` or `rejected` when screening's verdict came after leads-submit had
 * answered "pending" (`reasons`: screening's codes), `released` when an operator released a
 * rejected request, `sold` after the purchase is recorded (the buyer's id; notification knows its
 * business name and phone from contractor events), `unsold` when every offer round passed,
 * `unconfirmed` when it was never offered because the customer did not confirm their phone in time.
 * Notification is its only consumer; it keeps the phone/email only on the delivery rows it sends.
 */
export const CustomerToBeToldV1 = z.object({
  lead_id: z.string().uuid(),
  outcome: z.enum(['sold', 'unsold', 'accepted', 'rejected', 'released', 'unconfirmed']),
  /** The buyer (sold); null when unsold. */
  contractor_id: z.string().nullable(),
  customer_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  service_category: z.string(),
  sub_service: z.string(),
  occurred_at: isoTime,
  /** Unsold: how many contractors were offered the request (0: nobody), so the customer is told truly. */
  offered: z.number().int().nonnegative().optional(),
  /** Rejected: screening's reason codes (contracts' leadProblems words them). */
  reasons: z.array(z.string()).optional(),
  /**
   * Sold: the job and the sale, for the buyer's webhook (lead.purchased carries the customer's
   * contact and the job; notification, the only consumer, is the only one that may see both).
   */
  zip_code: z.string().optional(),
  description: z.string().optional(),
  urgency: z.enum(['Standard', 'Premium', 'Emergency']).optional(),
  requested_at: isoTime.optional(),
  purchase_id: z.string().uuid().optional(),
  price_cents: z.number().int().optional(),
  channel: z.enum(['dashboard', 'claim']).optional(),
  purchased_at: isoTime.optional(),
});
