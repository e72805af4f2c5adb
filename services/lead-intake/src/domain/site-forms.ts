import { HONEYPOT_FIELD } from '@leadmarket/contracts';

/** Where the browser goes after joining the waitlist (public §4). */
export const WAITLIST_CONFIRMED_PATH = '/contractor-waitlist-confirmed';

export const SITE_TEXTS = {
  waitlistJoined: "You're on the waitlist! We'll be in touch as soon as we launch in your area.",
  waitlistAlready: "You're already on our waitlist with this email. We'll be in touch soon!",
} as const;

/** A bot filled the hidden honeypot field: answer as if accepted, store nothing. */
export const isBot = (body: unknown): boolean => {
  if (!body || typeof body !== 'object') return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '' && value !== false;
};

/** The subject of a contact message when the visitor gave none. */
export const contactSubject = (subject: string | undefined, name: string): string =>
  subject && subject.trim() ? subject.trim() : `Contact form message from ${name}`;
