import { z } from '../zod.js';

/**
 * Every 4xx/5xx answer: `detail` for the spec's readers, `message` for the rest; `field` names the
 * bad input where there is one. Some answers add facts the page can use (the documented ones below);
 * the object stays open so a new fact never breaks an older reader.
 */
export const ErrorResponseSchema = z.looseObject({
  detail: z.string(),
  message: z.string(),
  field: z.string().optional(),
  /** 429 and 503: seconds to wait, as the Retry-After header says too. */
  retry_after: z.number().int().optional(),
  /** Answers of the claim and purchased-lead functions, whose success answers carry `success: true`. */
  success: z.literal(false).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** The answer of a function that only says it worked. */
export const SuccessMessageSchema = z.object({ success: z.literal(true), message: z.string() });

/** Money on the wire: dollars with two decimals, as the spec shows them. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
