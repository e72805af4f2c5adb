import { MESSAGES, type ValidationSummary } from '@leadmarket/contracts';

/** What the submitter is told: the spec's success text, or why screening refused the lead. */
export interface SubmitReply {
  message: string;
  status: 'valid' | 'rejected' | 'pending';
  validation_summary: ValidationSummary | null;
}

const REASON_TEXT: Array<[keyof ValidationSummary, boolean, string]> = [
  ['phone_valid', false, 'the phone number does not look like a valid US number'],
  ['email_valid', false, 'the email address does not look valid'],
  ['content_valid', false, 'the description looks like spam or is too short'],
  ['is_duplicate', true, 'we already received this request in the last 30 days'],
  ['ip_rate_ok', false, 'too many requests came from your network'],
];

/** The reply for a lead's screening state: `summary` null means screening has not answered yet (pending). */
export function submitReply(verdict: 'valid' | 'rejected' | null, summary: ValidationSummary | null): SubmitReply {
  if (verdict === null || summary === null)
    return { message: MESSAGES.leadSubmit.success, status: 'pending', validation_summary: null };
  if (verdict === 'valid')
    return { message: MESSAGES.leadSubmit.success, status: 'valid', validation_summary: summary };
  const reasons = REASON_TEXT.filter(([key, bad]) => summary[key] === bad).map(([, , text]) => text);
  const why = reasons.length ? reasons.join('; ') : 'it did not pass our checks';
  return {
    message: `We could not accept this request: ${why}. Please check your details and try again.`,
    status: 'rejected',
    validation_summary: summary,
  };
}
