import { SPEND_CAP_RANGE_CENTS } from '@leadmarket/contracts';

/** A cap as typed by a person: dollars ("60", "60.00", "$1,250.50", 60) or empty / null for no cap. */
export function checkCapDollars(value: unknown): { ok: true; cents: number | null } | { ok: false } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { ok: true, cents: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const cleaned = text.replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { ok: false };
  const cents = Math.round(Number(cleaned) * 100);
  if (cents < SPEND_CAP_RANGE_CENTS.min || cents > SPEND_CAP_RANGE_CENTS.max) return { ok: false };
  return { ok: true, cents };
}

/** An auto-reload limit: a whole number in range, or empty / null for no limit. */
export function checkReloadLimit(
  value: unknown,
  range: { min: number; max: number },
): { ok: true; value: number | null } | { ok: false } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { ok: true, value: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return { ok: false };
  const n = Number(text);
  return n >= range.min && n <= range.max ? { ok: true, value: n } : { ok: false };
}
