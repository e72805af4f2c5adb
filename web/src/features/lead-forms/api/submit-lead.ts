/**
 * The lead forms' one call. Its shapes come from lead-intake's contract schemas (type-only imports,
 * so no schema code reaches the bundle): the form cannot send or read a field the server does not.
 */
import type { LeadSubmitRequestSchema, LeadSubmitResponse } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { callFunction } from '../../../lib/api';

/** The screening checks reported with a submitted lead (spec §3). */
export type ValidationSummary = NonNullable<LeadSubmitResponse['validation_summary']>;

/**
 * A lead as the forms send it (the schema's input: the richer form adds email, urgency and
 * contractor_id; `idempotency_key` is the same for every send of one filled-in form, so a retry
 * returns the first answer and stores no second lead).
 */
export type LeadSubmission = z.input<typeof LeadSubmitRequestSchema>;

/** One thing screening asks the customer to fix, with the field it belongs to (null: the request as a whole). */
export type LeadProblem = LeadSubmitResponse['problems'][number];

/** Reply of leads-submit: `status` valid | rejected | pending, and the summary once screened. */
export type LeadSubmitAnswer = LeadSubmitResponse;

/** POST leads-submit. */
export const submitLead = (body: LeadSubmission) =>
  callFunction<LeadSubmitAnswer>('leads-submit', { method: 'POST', body });
