import { formatPhone, leadProblems, plural, serviceLabel } from '@leadmarket/contracts';

/** Texts of the messages a customer receives about their own request (pure; unit-tested). */

/** The minutes a buyer is expected to call within (the product's promise to the customer). */
export const EXPECTED_CALL_MINUTES = 15;

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** The request's service as the catalogue labels it ("HVAC"), never its code. */
const what = (c: { service_category: string; sub_service: string }) => serviceLabel(c.service_category, c.sub_service);

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
  const phone = n.business?.phone ? ` from ${formatPhone(n.business.phone)}` : '';
  return `leadmarket: Hi ${firstName(n.customer_name)}, ${who} took your ${what(n)} request and will call you${phone}. Expect a call within ${EXPECTED_CALL_MINUTES} minutes.`;
}

/** The same, by email. */
export function soldEmail(n: SoldNotice): { subject: string; body: string } {
  const who = n.business?.business_name?.trim() || 'A local professional';
  const phone = n.business?.phone ? formatPhone(n.business.phone) : undefined;
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

/** An unsold request: its service and how many professionals it was offered to (absent: not known). */
export interface UnsoldNotice {
  customer_name: string;
  service_category: string;
  sub_service: string;
  offered?: number;
}

/** What happened to an unsold request, truly: offered to some who did not take it, or to nobody at all. */
function whyUnsold(n: UnsoldNotice): string {
  if (n.offered === 0)
    return `no professional near you could take ${what(n)} requests while yours was open (it was offered to nobody)`;
  if (n.offered === undefined) return `no professional near you took your ${what(n)} request in time`;
  return `we offered your ${what(n)} request to ${plural(n.offered, 'professional')} near you and none of them took it in time`;
}

/** The SMS telling the customer, honestly, that no professional took the request, and what to do. */
export function unsoldSms(n: UnsoldNotice): string {
  return `leadmarket: Hi ${firstName(n.customer_name)}, we are sorry: ${whyUnsold(n)}, so we closed it. You can send it again later or with more detail, or for an emergency call a local pro directly.`;
}

/** The same, by email. */
export function unsoldEmail(n: UnsoldNotice): { subject: string; body: string } {
  return {
    subject: `No professional took your ${what(n)} request`,
    body: [
      `Hi ${firstName(n.customer_name)},`,
      '',
      `We are sorry: ${whyUnsold(n)}. We have closed the request so nobody calls you late about it.`,
      '',
      'What you can do:',
      '- send the request again later (at busy times more professionals are free), or add detail that helps a professional say yes;',
      '- for an emergency, call a local professional directly.',
    ].join('\n'),
  };
}

/** A request whose category offers only confirmed phones, closed because the code was never typed. */
export function unconfirmedSms(n: UnsoldNotice): string {
  return `leadmarket: Hi ${firstName(n.customer_name)}, we closed your ${what(n)} request because your phone number was not confirmed with the code we texted, so no professional was sent it. You can send it again and type the code when we text it.`;
}

/** The same, by email. */
export function unconfirmedEmail(n: UnsoldNotice): { subject: string; body: string } {
  return {
    subject: `Your ${what(n)} request was closed: the phone number was not confirmed`,
    body: [
      `Hi ${firstName(n.customer_name)},`,
      '',
      `Professionals of this kind take only requests whose phone number is confirmed. We texted you a code, and it was not typed in time, so no professional was sent your ${what(n)} request and we have closed it.`,
      '',
      'You can send the request again and type the code from the text message on the thank-you page.',
    ].join('\n'),
  };
}

/** A request screened after the form had answered "checking it": accepted, or what to fix. */
export interface ScreenedNotice {
  customer_name: string;
  service_category: string;
  sub_service: string;
  /** Rejected: screening's reason codes. */
  reasons?: readonly string[];
}

const fixes = (n: ScreenedNotice) =>
  leadProblems(n.reasons ?? [])
    .map((p) => `${p.message}.`)
    .join(' ');

/** The SMS telling the customer the outcome of the check the form said was still running. */
export function screenedSms(n: ScreenedNotice, outcome: 'accepted' | 'rejected' | 'released'): string {
  if (outcome === 'rejected')
    return `leadmarket: Hi ${firstName(n.customer_name)}, we could not accept your ${what(n)} request. ${fixes(n)} Please fix this and send it again.`.replace(
      /\s+/g,
      ' ',
    );
  return `leadmarket: Hi ${firstName(n.customer_name)}, your ${what(n)} request ${outcome === 'released' ? 'was checked again and accepted' : 'was accepted'}. It is on its way to professionals near you; one will call you once they take it.`;
}

/** The same, by email. */
export function screenedEmail(
  n: ScreenedNotice,
  outcome: 'accepted' | 'rejected' | 'released',
): { subject: string; body: string } {
  if (outcome === 'rejected')
    return {
      subject: `We could not accept your ${what(n)} request`,
      body: [
        `Hi ${firstName(n.customer_name)},`,
        '',
        `We checked your ${what(n)} request and could not accept it as it was sent.`,
        ...leadProblems(n.reasons ?? []).map((p) => `- ${p.message}.`),
        '',
        'Please fix this and send the request again.',
      ].join('\n'),
    };
  return {
    subject: `Your ${what(n)} request was accepted`,
    body: [
      `Hi ${firstName(n.customer_name)},`,
      '',
      outcome === 'released'
        ? `We checked your ${what(n)} request again and accepted it.`
        : `We checked your ${what(n)} request and accepted it.`,
      'It is on its way to professionals near you; one will call you once they take it.',
    ].join('\n'),
  };
}

/** The confirmation code's SMS: the code, the one-tap link and how long both work (docs/adr/0045-phone-confirmed-before-the-offer.md). */
export function contactCodeSms(n: {
  service_category: string;
  sub_service: string;
  code: string;
  link: string;
  expires_in_minutes: number;
}): string {
  return `leadmarket: your code is ${n.code} to confirm your phone for your ${what(n)} request. It works for ${plural(n.expires_in_minutes, 'minute')}; never share it. Or tap to confirm: ${n.link}`;
}
