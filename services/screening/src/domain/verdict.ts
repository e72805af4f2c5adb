import type { ValidationSummary } from '@leadmarket/contracts';
import type { CheckResult } from './phone-check.js';

/** Everything screening found about one lead. */
export interface Findings {
  phone: CheckResult;
  email: CheckResult;
  content: CheckResult;
  isDuplicate: boolean;
  ipRateOk: boolean;
}

/** A lead's verdict: its status, each check's outcome, and every failed check's reason code. */
export interface Verdict {
  status: 'valid' | 'rejected';
  validation_summary: ValidationSummary;
  reasons: string[];
}

/** Combine the checks: valid only when every one passes; every failure is a recorded reason. */
export function verdictOf(f: Findings): Verdict {
  const validation_summary: ValidationSummary = {
    phone_valid: f.phone.valid,
    email_valid: f.email.valid,
    content_valid: f.content.valid,
    is_duplicate: f.isDuplicate,
    ip_rate_ok: f.ipRateOk,
  };
  const reasons = [
    ...f.phone.reasons,
    ...f.email.reasons,
    ...f.content.reasons,
    ...(f.isDuplicate ? ['duplicate:same_phone_and_service_within_30_days'] : []),
    ...(f.ipRateOk ? [] : ['ip_rate:too_many_from_address']),
  ];
  const ok = f.phone.valid && f.email.valid && f.content.valid && !f.isDuplicate && f.ipRateOk;
  return { status: ok ? 'valid' : 'rejected', validation_summary, reasons };
}
