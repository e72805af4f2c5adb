/**
 * How values read to people, shared by the web app and by the services that write messages
 * (emails, SMS, statement labels): money with thousands separators and a real minus sign,
 * catalogue values as words, counts with the right plural.
 */

const ACRONYMS = new Set(['hvac', 'seo', 'llc', 'ac', 'usa']);

/** Cents as dollars: 439000 → "$4,390.00", -3000 → "−$30.00" (U+2212, the typographic minus). */
export function formatCents(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const text = `$${dollars}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `\u2212${text}` : text;
}

/** Dollars (two decimals on the public wire) as money text; see formatCents. */
export const formatDollars = (dollars: number | null | undefined): string =>
  formatCents(Math.round(Number(dollars ?? 0) * 100));

/** A catalogue value as words: "home_services" → "Home Services", "hvac" or "Hvac" → "HVAC"; other text passes through. */
export function humanizeValue(value: string | null | undefined): string {
  if (!value) return '';
  if (/\s/.test(value) && /[A-Z]/.test(value)) return value;
  return value
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) =>
      ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

/** "1 lead", "3 leads"; pass the plural when it is not the singular plus s. */
export const plural = (n: number, singular: string, pluralForm = `${singular}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? singular : pluralForm}`;

/** A US phone number as people write it: "+15124768011" → "(512) 476-8011"; other numbers pass through. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** A moment in words, in US English and UTC unless a zone is given: "Nov 22, 2026, 10:17 PM UTC". */
export function formatDateTime(value: string | Date, timeZone = 'UTC'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** How long ago a moment was, in words: "just now", "5 minutes ago", "2 hours ago", "3 days ago". */
export function timeAgo(at: string | Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

/** A phone's line type in words (libphonenumber's metadata; US numbers are mostly "mobile or landline"). */
export function lineTypeLabel(lineType: string | null | undefined): string {
  switch (lineType) {
    case 'mobile':
      return 'Mobile';
    case 'landline':
      return 'Landline';
    case 'mobile_or_landline':
      return 'Mobile or landline';
    case 'voip':
      return 'Internet phone (VoIP)';
    default:
      return 'Line type unknown';
  }
}

/** What a contractor may know of a lead's contact before buying it. */
export interface ContactFactsView {
  phone_confirmed_at?: string | null;
  line_type?: string | null;
  email_present?: boolean | null;
}

/** "Phone confirmed 5 minutes ago" or "Phone not confirmed yet". */
export const phoneConfirmationWords = (f: ContactFactsView, now: Date = new Date()): string =>
  f.phone_confirmed_at ? `Phone confirmed ${timeAgo(f.phone_confirmed_at, now)}` : 'Phone not confirmed yet';

/** The contact's facts in one line of words: "Phone confirmed just now. Mobile or landline, email given." */
export function contactFactsWords(f: ContactFactsView, now: Date = new Date()): string {
  const line = f.line_type ? lineTypeLabel(f.line_type) : undefined;
  const email = f.email_present == null ? undefined : f.email_present ? 'email given' : 'no email';
  const rest = [line, email].filter(Boolean).join(', ');
  return `${phoneConfirmationWords(f, now)}.${rest ? ` ${rest[0]!.toUpperCase()}${rest.slice(1)}.` : ''}`;
}
