import { MESSAGES } from '@leadmarket/contracts';

type Summary = Record<string, unknown> | null | undefined;

/** The checks screening reports, and what a failed one means to an operator. */
const FAILED_CHECKS: Array<[key: string, failedWhen: boolean, reason: string]> = [
  ['phone_valid', false, 'the phone number is not a valid US number'],
  ['email_valid', false, 'the email address is not valid'],
  ['content_valid', false, 'the description looks like spam or is too short'],
  ['is_duplicate', true, 'the same phone and service were submitted in the last 30 days'],
  ['ip_rate_ok', false, 'too many requests came from one network'],
];

/** Why screening rejected a lead, one plain reason per failed check. */
export function rejectionReasons(summary: Summary): string[] {
  if (!summary) return [];
  return FAILED_CHECKS.filter(([key, failedWhen]) => summary[key] === failedWhen).map(([, , reason]) => reason);
}

/** The banner of Create Test Lead: success only when screening accepted the lead. */
export function testLeadMessage(status: string, summary: Summary): string {
  if (status === 'valid') return MESSAGES.adminSuccess.testLeadCreated;
  if (status === 'rejected') {
    const reasons = rejectionReasons(summary);
    return `Test lead created, but screening rejected it: ${reasons.length ? reasons.join('; ') : 'it did not pass screening'}. It will not be offered to contractors.`;
  }
  return 'Test lead created; screening has not answered yet. Check its status in the Leads tab.';
}
