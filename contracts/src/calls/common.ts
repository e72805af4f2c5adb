import { z } from '../zod.js';

/** Every 4xx/5xx answer: `detail` for the spec's readers, `message` for the rest; `field` names the bad input where there is one. */
export const ErrorResponseSchema = z.object({
  detail: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Money on the wire: dollars with two decimals, as the spec shows them. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
