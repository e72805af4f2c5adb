/** Dollars with two decimals, e.g. $12.50 (missing values show as $0.00). */
export function formatMoney(value: unknown): string {
  const n = Number(value ?? 0);
  return `$${(Number.isFinite(n) ? n : 0).toFixed(2)}`;
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
