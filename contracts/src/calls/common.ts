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

/** A list's page number in a query (1 first). */
export const pageQuery = z.coerce.number().int().min(1).max(100_000).default(1);
/** A list's page size in a query: at most `max`, `fallback` when absent. */
export const limitQuery = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);
/** An optional day in a query, written YYYY-MM-DD (an empty field is no day). */
export const dayQuery = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .optional()
  .or(z.literal('').transform(() => undefined));
