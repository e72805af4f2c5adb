import { DUPLICATE_WINDOW_DAYS } from './constants.js';
import { FIELD_MESSAGES } from './field-messages.js';

/**
 * What a customer is told about each reason screening gives for refusing a lead: which form field
 * to fix (its wire name, for placing the text beside it; null when no field is at fault) and what
 * to do, in plain words. Reason codes are `<check>:<detail>`; content reasons name their field
 * (`content:description_link`, `content:name_without_letters`).
 */
export interface LeadProblem {
  field: 'customer_name' | 'phone' | 'email' | 'description' | null;
  message: string;
}

const NAME_PLAIN = 'Please enter just your name, in letters';
const DESCRIPTION_PLAIN = 'Please describe the job in a sentence or two of plain words';

/** Each known reason code and its problem. */
export const LEAD_REASON_PROBLEMS: Record<string, LeadProblem> = {
  'phone:unparseable': { field: 'phone', message: FIELD_MESSAGES.phoneDigits },
  'phone:invalid_number': {
    field: 'phone',
    message: 'This phone number does not exist. Please check the area code and the number',
  },
  'phone:not_us': { field: 'phone', message: 'Please enter a US phone number' },
  'email:invalid_syntax': {
    field: 'email',
    message: 'Please check your email address: it should look like name@example.com',
  },
  'email:disposable_domain': {
    field: 'email',
    message: 'Please use an email address you keep: temporary (disposable) addresses cannot be used',
  },
  'email:blocked_domain': {
    field: 'email',
    message: 'Please use another email address: addresses at this domain cannot be used',
  },
  'content:description_too_short': {
    field: 'description',
    message: 'Please tell us a little more about what you need (a few words at least)',
  },
  'content:description_link': { field: 'description', message: 'Please remove web links from the description' },
  'content:description_repeated_characters': {
    field: 'description',
    message: 'Please remove the long runs of repeated characters from the description',
  },
  'content:description_gibberish': {
    field: 'description',
    message: `The description looks like random letters. ${DESCRIPTION_PLAIN}`,
  },
  'content:description_banned_word': {
    field: 'description',
    message: 'Please remove promotional or offensive words from the description',
  },
  'content:name_without_letters': { field: 'customer_name', message: `${NAME_PLAIN} (not only digits or symbols)` },
  'content:name_link': { field: 'customer_name', message: `${NAME_PLAIN}, without web links` },
  'content:name_repeated_characters': { field: 'customer_name', message: NAME_PLAIN },
  'content:name_gibberish': { field: 'customer_name', message: NAME_PLAIN },
  'content:name_banned_word': { field: 'customer_name', message: NAME_PLAIN },
  'duplicate:same_phone_and_service_within_30_days': {
    field: null,
    // True whatever became of the first request (offered, bought or closed): it names no assignment.
    message: `We already have a request for this service from this phone number from the last ${DUPLICATE_WINDOW_DAYS} days, so a second one is not taken. If no professional has called you, reply to our text or email and we will help`,
  },
  'ip_rate:too_many_from_address': {
    field: null,
    message: 'Too many requests came from your network. Please wait an hour and try again',
  },
};

/** A reason code we have no text for still points at the right field. */
function fallbackProblem(code: string): LeadProblem {
  const check = code.split(':')[0];
  if (check === 'phone')
    return { field: 'phone', message: 'Please enter a mobile or landline number (not toll-free or premium-rate)' };
  if (check === 'email') return { field: 'email', message: FIELD_MESSAGES.email };
  if (code.startsWith('content:name')) return { field: 'customer_name', message: NAME_PLAIN };
  if (check === 'content') return { field: 'description', message: DESCRIPTION_PLAIN };
  return { field: null, message: 'The request did not pass our checks. Please check your details' };
}

/** The problems behind screening's reasons, one per field (the first reason of a field speaks for it). */
export function leadProblems(reasons: readonly string[]): LeadProblem[] {
  const out: LeadProblem[] = [];
  for (const code of reasons) {
    const problem = LEAD_REASON_PROBLEMS[code] ?? fallbackProblem(code);
    if (problem.field !== null && out.some((p) => p.field === problem.field)) continue;
    if (out.some((p) => p.message === problem.message)) continue;
    out.push(problem);
  }
  return out;
}
