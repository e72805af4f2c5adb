import { z } from '../zod.js';

const cents = z.number().int();
const isoTime = z.string().datetime({ offset: true });

/**
 * Emitted by notification when an SMS to a lead's customer fails for good with a provider error
 * that means the number cannot receive texts (invalid, unreachable, landline: docs/adr/0012).
 * Carries the evidence, never the number. wallet-ledger refunds the lead's buyer (once per purchase).
 */
export const CustomerUnreachableV1 = z.object({
  lead_id: z.string().uuid(),
  /** notification's delivery row of the failed message. */
  delivery_id: z.string().uuid(),
  provider: z.string(),
  /** The provider's message id (Twilio MessageSid); null when the send itself was refused. */
  provider_message_id: z.string().nullable(),
  /** The provider's error code, e.g. Twilio "21211". */
  error_code: z.string(),
  error_message: z.string(),
  /** How the failure was learnt: the provider refused the send, or a later status callback said so. */
  reported_via: z.enum(['send_error', 'status_callback']),
  failed_at: isoTime,
});

/** The automatic-credit rules (docs/adr/0012). */
export const AUTO_CREDIT_RULES = ['customer_unreachable', 'repeat_lead'] as const;
export type AutoCreditRule = (typeof AUTO_CREDIT_RULES)[number];

/** Emitted by wallet-ledger with an automatic credit's ledger transaction; notification tells the contractor. */
export const AutoCreditGrantedV1 = z.object({
  credit_id: z.string().uuid(),
  contractor_id: z.string(),
  lead_id: z.string().uuid(),
  purchase_id: z.string().uuid(),
  rule: z.enum(AUTO_CREDIT_RULES),
  amount_cents: cents,
  balance_cents: cents,
  /** The reason in plain words, as the contractor reads it. */
  reason: z.string(),
  service_category: z.string(),
  zip_code: z.string(),
  granted_at: isoTime,
});

/** Emitted by wallet-ledger when an admin reverses an automatic credit. */
export const AutoCreditReversedV1 = z.object({
  credit_id: z.string().uuid(),
  contractor_id: z.string(),
  lead_id: z.string().uuid(),
  amount_cents: cents,
  balance_cents: cents,
  admin_notes: z.string(),
  reversed_at: isoTime,
});
