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

// ---- internal routes (docs/internal-api.md); matching owns offers and claim tokens (docs/adr/0013) ----

/** An offer as matching answers for it: the lead's fixed price with it, never the token. */
export const InternalOfferSchema = z.object({
  lead_id: z.string(),
  contractor_id: z.string(),
  rank: z.number().int(),
  round: z.number().int(),
  offered_at: z.string(),
  expires_at: z.string(),
  /** The lead's price as fixed at screening (LeadPriced); null while matching has not heard it. */
  price_cents: z.number().int().nullable(),
});
export type InternalOffer = z.infer<typeof InternalOfferSchema>;

/** Params of GET /internal/offers/by-token-hash/:hash — the claim token's SHA-256, never the token. */
export const OfferTokenHashParamsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'token hash must be a SHA-256 in hex'),
});

/** Body of POST /internal/offers/of-leads (the admin lead list's page of leads). */
export const OffersOfLeadsRequestSchema = z.object({
  lead_ids: z.array(z.string().uuid('lead ids must be lead ids')).max(500),
});
