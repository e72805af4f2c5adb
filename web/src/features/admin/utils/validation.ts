import { MESSAGES } from '@leadmarket/contracts/messages';

/** Round half away from zero to cents; the epsilon absorbs binary error (12.345 * 100 = 1234.4999…). */
function roundCents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7)) / 100;
}

/** Result of checking the wallet-adjustment form. */
export type AdjustmentCheck = { ok: true; contractorId: string; amount: number } | { ok: false; message: string };

/** Amount as a number rounded to cents, or null when the text is not a usable non-zero number. */
export function parseAdjustmentAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  const rounded = roundCents(value);
  // Zero moves no money: treat it like a missing amount.
  return rounded === 0 ? null : rounded;
}

/** The spec's rule (§5): contractor and amount are required; the amount may be negative to deduct. */
export function checkAdjustment(contractorId: string, amountText: string): AdjustmentCheck {
  const amount = parseAdjustmentAmount(amountText);
  if (!contractorId.trim() || amount === null) return { ok: false, message: MESSAGES.admin.adjustRequired };
  return { ok: true, contractorId: contractorId.trim(), amount };
}

/** Test-lead form (§5): customer name, phone, service category and ZIP code are required. */
export function missingTestLeadFields(form: {
  customer_name: string;
  phone: string;
  service_category: string;
  zip_code: string;
}): boolean {
  return [form.customer_name, form.phone, form.service_category, form.zip_code].some((v) => !v.trim());
}
