import { humanizeValue } from '@leadmarket/contracts';

/** Texts of the messages a customer receives about their own request (pure; unit-tested). */

/** The minutes a buyer is expected to call within (the product's promise to the customer). */
export const EXPECTED_CALL_MINUTES = 15;

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** A US number as (404) 555-0101; anything else as it was given. */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : phone.trim();
}

const what = (c: { service_category: string; sub_service: string }) => {
  const category = humanizeValue(c.service_category).toLowerCase();
  const sub = c.sub_service ? humanizeValue(c.sub_service).toLowerCase() : '';
  return sub && sub !== category ? `${sub} (${category})` : category;
};

export interface SoldNotice {
  customer_name: string;
  service_category: string;
  sub_service: string;
  /** The buyer; undefined when notification knows no contact for it (then it is not named). */
  business?: { business_name: string | null; phone: string };
}

/** The SMS telling the customer who bought their request and will call. */
export function soldSms(n: SoldNotice): string {
  const who = n.business?.business_name?.trim() || 'A local professional';
  const phone = n.business?.phone ? ` from ${displayPhone(n.business.phone)}` : '';
  return `leadmarket: Hi ${firstName(n.customer_name)}, ${who} took your ${what(n)} request and will call you${phone}. Expect a call within ${EXPECTED_CALL_MINUTES} minutes.`;
}

/** The same, by email. */
export function soldEmail(n: SoldNotice): { subject: string; body: string } {
  const who = n.business?.business_name?.trim() || 'A local professional';
  const phone = n.business?.phone ? displayPhone(n.business.phone) : undefined;
  return {
    subject: `${who} will call you about your ${what(n)} request`,
    body: [
      `Hi ${firstName(n.customer_name)},`,
      '',
      `${who} took your ${what(n)} request.`,
      ...(phone ? [`They will call you from ${phone}; save the number so you recognise the call.`] : []),
      `Expect a call within ${EXPECTED_CALL_MINUTES} minutes.`,
      '',
      'If nobody calls, reply to this email and we will help.',
    ].join('\n'),
  };
}

/** The SMS telling the customer, honestly, that no professional took the request, and what to do. */
export function unsoldSms(n: { customer_name: string; service_category: string; sub_service: string }): string {
  return `leadmarket: Hi ${firstName(n.customer_name)}, we are sorry: no professional near you took your ${what(n)} request in time, so we closed it. You can send it again later or with more detail, or for an emergency call a local pro directly.`;
}

/** The same, by email. */
export function unsoldEmail(n: { customer_name: string; service_category: string; sub_service: string }): {
  subject: string;
  body: string;
} {
  return {
    subject: `No professional took your ${what(n)} request`,
    body: [
      `Hi ${firstName(n.customer_name)},`,
      '',
      `We are sorry: we offered your ${what(n)} request to the professionals near you, several times, and none of them took it in time. We have closed the request so nobody calls you late about it.`,
      '',
      'What you can do:',
      '- send the request again later (at busy times more professionals are free), or add detail that helps a professional say yes;',
      '- for an emergency, call a local professional directly.',
    ].join('\n'),
  };
}
