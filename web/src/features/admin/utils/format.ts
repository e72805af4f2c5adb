import { PRICED_CATALOGUE } from '@leadmarket/contracts/pricing';

const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as a person writes them: $4,390.00, -$12.50 (missing values show as $0.00). */
export function formatMoney(value: unknown): string {
  const n = Number(value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  return `${safe < 0 ? '-' : ''}$${DOLLARS.format(Math.abs(safe))}`;
}

/** "1 contractor", "2 contractors": a count with its noun (plural adds "s" unless given). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}

/** A machine value as words: "signup_credit" → "Signup credit", "not_purchased" → "Not purchased". */
export function humanize(value: unknown): string {
  const text = String(value ?? '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}

/** A short local date, or an empty string for a missing or bad value. */
export function formatDate(value: unknown): string {
  if (!value) return '';
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString();
}

/** A local date and time, or an empty string for a missing or bad value. */
export function formatDateTime(value: unknown): string {
  if (!value) return '';
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
}

/** A list from a response that is either the list itself or an object holding it under one of the keys. */
export function listFrom<T>(body: unknown, ...keys: string[]): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    for (const key of keys) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

/** An industry or sub-service value of the catalogue as its label ("home_services" → "Home Services", "hvac" → "HVAC"). */
export function catalogueLabel(industry: unknown, subService?: unknown): string {
  const i = PRICED_CATALOGUE.find((x) => x.value === industry);
  if (subService === undefined) return i?.label ?? humanize(industry);
  return i?.sub_services.find((s) => s.value === subService)?.label ?? humanize(subService);
}
