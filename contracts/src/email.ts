/**
 * The one rule for an email address, on every form and in every service: some text, an @, a
 * domain with a dot, no spaces. Deliverability is the mail server's business; this only stops
 * what is plainly not an address, the same way in the browser and on the server.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when `text` (already trimmed) has the shape of an email address. */
export const isEmailAddress = (text: string): boolean => EMAIL_SHAPE.test(text);

/** The form of an address that says whose it is, for keys and look-ups: trimmed and lower-cased. */
export const emailKey = (text: string): string => text.trim().toLowerCase();
