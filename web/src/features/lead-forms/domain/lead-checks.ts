import { ZIP_CODE_LENGTH } from '@leadmarket/contracts/constants';
import { isEmailAddress } from '@leadmarket/contracts/email';
import { FIELD_MESSAGES, LEAD_DESCRIPTION_MIN_CHARS, LEAD_FIELD_LIMITS } from '@leadmarket/contracts/field-messages';
import { LEAD_REASON_PROBLEMS } from '@leadmarket/contracts/lead-reasons';

/** The lead form's fields as typed. */
export interface LeadValues {
  customer_name: string;
  phone: string;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  email: string;
  urgency: 'Standard' | 'Premium' | 'Emergency';
  contractor_id: string;
}

export type LeadField = keyof LeadValues;
export type LeadErrors = Partial<Record<LeadField, string>>;

const ZIP = new RegExp(`^\\d{${ZIP_CODE_LENGTH}}$`);

/**
 * The checks the page can make before sending, with the server's own texts (one catalogue in
 * contracts): what the schema refuses and what screening would refuse for certain. `isPhoneNumber`
 * is contracts' phone rule, which the form loads when it is first sent (see lead-form.tsx).
 */
export function checkLead(values: LeadValues, rich: boolean, isPhoneNumber: (raw: string) => boolean): LeadErrors {
  const errors: LeadErrors = {};
  const name = values.customer_name.trim();
  if (!name) errors.customer_name = FIELD_MESSAGES.required('customer_name');
  else if (!/\p{L}/u.test(name)) errors.customer_name = LEAD_REASON_PROBLEMS['content:name_without_letters']!.message;
  const phone = values.phone.trim();
  if (!phone) errors.phone = FIELD_MESSAGES.required('phone');
  else if (!isPhoneNumber(phone)) errors.phone = FIELD_MESSAGES.phoneDigits;
  if (!ZIP.test(values.zip_code.trim())) errors.zip_code = FIELD_MESSAGES.zipCode;
  if (rich && values.email.trim() && !isEmailAddress(values.email.trim())) errors.email = FIELD_MESSAGES.email;
  if (!values.service_category) errors.service_category = FIELD_MESSAGES.required('service_category');
  if (!values.sub_service) errors.sub_service = FIELD_MESSAGES.required('sub_service');
  const description = values.description.trim();
  if (!description) errors.description = FIELD_MESSAGES.required('description');
  else if (description.replace(/[^\p{L}\p{N}]/gu, '').length < LEAD_DESCRIPTION_MIN_CHARS)
    errors.description = LEAD_REASON_PROBLEMS['content:description_too_short']!.message;
  else if (description.length > LEAD_FIELD_LIMITS.description)
    errors.description = FIELD_MESSAGES.tooLong('description', LEAD_FIELD_LIMITS.description);
  return errors;
}

/** A new idempotency key: one per filled-in form, sent again on a retry of the same form. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
