import { z } from 'zod';

const isoTime = z.string().datetime({ offset: true });

/** The targeting and contact profile other services project from contractor events. */
export const ContractorProfileSchema = z.object({
  contractor_id: z.string(),
  business_name: z.string(),
  contact_name: z.string(),
  email: z.string(),
  phone: z.string(),
  industry: z.string(),
  sub_service: z.string(),
  zip_codes: z.array(z.string()),
  sms_opt_in: z.boolean(),
});
export type ContractorProfile = z.infer<typeof ContractorProfileSchema>;

export const ContractorRegisteredV1 = ContractorProfileSchema.extend({
  registered_at: isoTime,
  /** False when this email or phone already had the signup credit (a deleted account's); absent means true. */
  signup_credit: z.boolean().optional(),
});
export const ContractorProfileUpdatedV1 = ContractorProfileSchema.extend({ updated_at: isoTime });
export const ContractorDeletedV1 = z.object({ contractor_id: z.string(), deleted_at: isoTime });

/** Asks notification to email a reset link; the link carries a single-use token valid for one hour. */
export const PasswordResetRequestedV1 = z.object({
  user_type: z.enum(['contractor', 'admin']),
  email: z.string(),
  reset_url: z.string().url(),
  expires_at: isoTime,
});
