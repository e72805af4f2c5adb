/** Texts of the messages notification sends (pure, so their content is unit-tested). */
import {
  contactFactsWords,
  formatCents,
  formatDateTime,
  humanizeValue,
  timeAgo,
  type ContactFactsView,
} from '@leadmarket/contracts';

const humanize = (value: string): string => humanizeValue(value);

/** The contractor dashboard: PUBLIC_BASE_URL/dashboard. */
export const dashboardUrl = (publicBaseUrl: string): string => `${publicBaseUrl.replace(/\/+$/, '')}/dashboard`;

/** The claim link of an offer: PUBLIC_BASE_URL/claim/<token>. */
export const claimLink = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}/claim/${encodeURIComponent(token)}`;

/** What an offer SMS says of its lead: the same for every contractor offered it. */
export interface LeadOfferFacts {
  service_category: string;
  sub_service: string;
  zip_code: string;
  price_cents: number;
  urgency?: string;
  submitted_at?: string;
  /** Absent from older events: then nothing is said of the contact. */
  facts?: ContactFactsView;
}

/**
 * The SMS offering a lead: category, sub-service, ZIP, price, how long ago it was sent, what is known
 * of the contact (phone confirmed, line type, email given; never the contact) and the claim link.
 */
export function leadOfferSms(o: LeadOfferFacts & { link: string }, now: Date = new Date()): string {
  return leadOfferSmsWriter(o, now)(o.link);
}

/**
 * leadOfferSms for one lead's offers: the lead's words are written once, and each contractor's SMS
 * only adds its own claim link (a lead is offered to several contractors at once).
 */
export function leadOfferSmsWriter(o: LeadOfferFacts, now: Date = new Date()): (link: string) => string {
  const what =
    o.sub_service && humanize(o.sub_service) !== humanize(o.service_category)
      ? `${humanize(o.service_category)} - ${humanize(o.sub_service)}`
      : humanize(o.service_category);
  const urgency = o.urgency ? `${o.urgency} ` : '';
  const sent = o.submitted_at ? `, sent ${timeAgo(o.submitted_at, now)}` : '';
  const facts = o.facts ? ` ${contactFactsWords(o.facts, now)}` : '';
  const lead = `leadmarket: New ${urgency}${what} lead in ZIP ${o.zip_code} (${formatCents(o.price_cents)})${sent}.${facts}`;
  return (link) => `${lead} First to claim gets it: ${link} Reply STOP to opt out.`;
}

export function passwordResetEmail(resetUrl: string, expiresAt: string): { subject: string; body: string } {
  return {
    subject: 'Reset your leadmarket password',
    body: `We received a request to reset your leadmarket password.\n\nOpen this link to choose a new password (valid until ${formatDateTime(expiresAt)}):\n${resetUrl}\n\nIf you did not ask for this, ignore this email; your password stays the same.`,
  };
}

export function contactMessageEmail(m: {
  name: string;
  email: string;
  subject: string;
  message: string;
  received_at: string;
}): { subject: string; body: string } {
  return {
    subject: `[Contact] ${m.subject}`.slice(0, 200),
    body: `From: ${m.name} <${m.email}>\nReceived: ${m.received_at}\n\n${m.message}`,
  };
}
