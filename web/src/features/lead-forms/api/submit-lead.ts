import { callFunction } from '../../../lib/api';

/** The screening checks reported with a submitted lead (spec §3). */
export interface ValidationSummary {
  phone_valid: boolean;
  email_valid: boolean;
  content_valid: boolean;
  is_duplicate: boolean;
}

/** A lead as the forms send it; the richer form adds email, urgency and contractor_id. */
export interface LeadSubmission {
  customer_name: string;
  phone: string;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  email?: string;
  urgency?: 'Standard' | 'Premium' | 'Emergency';
  contractor_id?: string;
  /** Same for every send of one filled-in form: a retry returns the first answer and stores no second lead. */
  idempotency_key?: string;
}

/** One thing screening asks the customer to fix, with the field it belongs to (null: the request as a whole). */
export interface LeadProblem {
  field: string | null;
  message: string;
}

/** Reply of leads-submit: `status` valid | rejected | pending, and the summary once screened. */
export interface LeadSubmitAnswer {
  message?: string;
  lead_id?: string;
  status?: string;
  validation_summary?: ValidationSummary | null;
  problems?: LeadProblem[];
  detail?: string;
}

/** POST leads-submit. */
export const submitLead = (body: LeadSubmission) =>
  callFunction<LeadSubmitAnswer>('leads-submit', { method: 'POST', body });
