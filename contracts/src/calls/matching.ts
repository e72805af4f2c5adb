import { z } from '../zod.js';
import { LEAD_TYPES } from '../constants.js';

/** contractors-available-leads query: the gateway has already checked the session; contractor_id, if sent, must be the session's. */
export const AvailableLeadsQuerySchema = z.object({
  contractor_id: z.string().optional(),
  session_token: z.string().optional(),
});

/** A lead card before purchase: no customer contact details (the card shows "New Lead"). */
export const AvailableLeadSchema = z.object({
  id: z.string(),
  service_category: z.string(),
  sub_service: z.string(),
  zip_code: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** Dollars with two decimals. */
  price: z.number(),
  lead_type: z.enum(LEAD_TYPES),
});
export type AvailableLead = z.infer<typeof AvailableLeadSchema>;

/** contractors-available-leads answer, newest first. */
export const AvailableLeadsResponseSchema = z.object({
  available_leads: z.array(AvailableLeadSchema),
  total_available: z.number().int(),
});
export type AvailableLeadsResponse = z.infer<typeof AvailableLeadsResponseSchema>;
