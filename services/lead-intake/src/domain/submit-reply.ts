import { leadProblems, MESSAGES, type LeadProblem, type ValidationSummary } from '@leadmarket/contracts';

/** What the submitter is told: the spec's success text, "received, we are checking it", or what to fix. */
export interface SubmitReply {
  message: string;
  status: 'valid' | 'rejected' | 'pending';
  validation_summary: ValidationSummary | null;
  /** Each thing to fix, with the form field it belongs to (empty unless rejected). */
  problems: LeadProblem[];
}

// Used only when a rejected lead carries no reason codes (a verdict stored before reasons were kept).
const SUMMARY_REASONS: Array<[keyof ValidationSummary, boolean, string]> = [
  ['phone_valid', false, 'phone:invalid_number'],
  ['email_valid', false, 'email:invalid_syntax'],
  ['content_valid', false, 'content:description'],
  ['is_duplicate', true, 'duplicate:same_phone_and_service_within_30_days'],
  ['ip_rate_ok', false, 'ip_rate:too_many_from_address'],
];

/**
 * The reply for a lead's screening state: `summary` null means screening has not answered yet
 * (pending). A rejection lists screening's reasons in plain words, each tied to its field.
 */
export function submitReply(
  verdict: 'valid' | 'rejected' | null,
  summary: ValidationSummary | null,
  reasons: readonly string[] | null = null,
): SubmitReply {
  if (verdict === null || summary === null)
    return { message: MESSAGES.leadSubmit.pending, status: 'pending', validation_summary: null, problems: [] };
  if (verdict === 'valid')
    return { message: MESSAGES.leadSubmit.success, status: 'valid', validation_summary: summary, problems: [] };
  const codes = reasons?.length
    ? reasons
    : SUMMARY_REASONS.filter(([key, bad]) => summary[key] === bad).map(([, , code]) => code);
  const problems = leadProblems(codes);
  return {
    message: `${MESSAGES.leadSubmit.rejected} ${problems.map((p) => `${p.message}.`).join(' ')}`.trim(),
    status: 'rejected',
    validation_summary: summary,
    problems,
  };
}
