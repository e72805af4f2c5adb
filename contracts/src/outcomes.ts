/**
 * What happened after a purchase, as the buyer records it (docs/adr/0047-lead-outcomes.md): the
 * outcomes, the short list of reasons a job is lost, their words, and the rules of one recording.
 * Shared by lead-intake (which keeps the outcome), wallet-ledger (which counts it) and the web app.
 */
import { formatCents, humanizeValue } from './display.js';
import { PRICE_MATRIX_ROWS, priceRowKey, priceRowOf } from './pricing.js';

/** Every outcome, in the order a lead usually goes through them. */
export const LEAD_OUTCOMES = ['contacted', 'quoted', 'won', 'lost', 'never_reached'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

/** Outcomes that end a lead: they count in the close rate; contacted and quoted are still open. */
export const DECIDED_OUTCOMES = ['won', 'lost', 'never_reached'] as const satisfies readonly LeadOutcome[];

export const OUTCOME_LABELS: Record<LeadOutcome, string> = {
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
  never_reached: 'Never reached',
};

/** Why a job was lost: a short list, so the reasons can be counted. */
export const LOST_REASONS = ['price', 'hired_someone_else', 'not_ready', 'not_a_fit', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

export const LOST_REASON_LABELS: Record<LostReason, string> = {
  price: 'Price too high',
  hired_someone_else: 'Hired someone else',
  not_ready: 'Not ready or postponed',
  not_a_fit: 'Job not a fit for us',
  other: 'Other reason',
};

/** The largest job value one lead may record ($1,000,000): a typo must not swamp every figure. */
export const MAX_JOB_VALUE_CENTS = 100_000_000;
/** The longest note kept with an outcome. */
export const MAX_OUTCOME_NOTE_LENGTH = 500;

export const OUTCOME_MESSAGES = {
  outcomeRequired: 'Please choose an outcome: contacted, quoted, won, lost or never reached',
  jobValueRequired: 'Please enter the job value of a won lead, in dollars (for example $1,200)',
  jobValueNotANumber: 'Please enter the job value in dollars, for example $1,200 or 850.50',
  jobValueTooManyDecimals: 'Please enter the job value with at most two decimals (cents)',
  jobValueNotPositive: 'The job value of a won lead must be more than $0',
  jobValueTooHigh: `The job value cannot be more than ${formatCents(MAX_JOB_VALUE_CENTS)}`,
  jobValueOnlyWhenWon: 'A job value is kept only for a won lead; leave it empty for this outcome',
  lostReasonRequired: `Please choose why the job was lost: ${LOST_REASONS.map((r) => LOST_REASON_LABELS[r]).join(', ')}`,
  lostReasonOnlyWhenLost: 'A reason is kept only for a lost lead; leave it empty for this outcome',
  noteTooLong: `Please keep the note under ${MAX_OUTCOME_NOTE_LENGTH} characters`,
  noteNotText: 'Please write the note as text',
} as const;

/**
 * Dollars as a person types them ("$1,200", "1200.50", 1200) into integer cents, or why not. Thousands
 * separators must sit between groups of three digits, so "1,2" is refused rather than guessed.
 */
export function parseDollarsToCents(input: unknown): { ok: true; cents: number } | { ok: false; message: string } {
  const raw = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const text = raw.replace(/^\$\s*/, '');
  if (text.startsWith('-') || text.startsWith('\u2212'))
    return { ok: false, message: OUTCOME_MESSAGES.jobValueNotPositive };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === undefined && !m[2])) return { ok: false, message: OUTCOME_MESSAGES.jobValueNotANumber };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { ok: false, message: OUTCOME_MESSAGES.jobValueTooManyDecimals };
  const whole = Number((m[1] ?? '0').replace(/,/g, ''));
  const cents = whole * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return { ok: false, message: OUTCOME_MESSAGES.jobValueTooHigh };
  return { ok: true, cents };
}

/** One recording as the buyer sends it (update-lead-outcome), before its rules are checked. */
export interface OutcomeInput {
  outcome: LeadOutcome;
  job_value?: unknown;
  lost_reason?: string | null;
  note?: string | null;
}

/** One recording as it is kept: cents, a reason from the list, a trimmed note (null when empty). */
export interface CheckedOutcome {
  outcome: LeadOutcome;
  job_value_cents: number | null;
  lost_reason: LostReason | null;
  note: string | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The rules of one recording: won needs a job value (more than $0, at most MAX_JOB_VALUE_CENTS), lost
 * needs a reason from LOST_REASONS, and neither is accepted with another outcome (a value or reason
 * sent with the wrong outcome is a mistake to point out, not to drop silently).
 */
export function checkOutcome(
  input: OutcomeInput,
): { ok: true; value: CheckedOutcome } | { ok: false; message: string; field: string } {
  const note = typeof input.note === 'string' ? input.note.trim() : '';
  if (note.length > MAX_OUTCOME_NOTE_LENGTH) return { ok: false, message: OUTCOME_MESSAGES.noteTooLong, field: 'note' };
  let jobValue: number | null = null;
  if (input.outcome === 'won') {
    if (blank(input.job_value)) return { ok: false, message: OUTCOME_MESSAGES.jobValueRequired, field: 'job_value' };
    const parsed = parseDollarsToCents(input.job_value);
    if (!parsed.ok) return { ok: false, message: parsed.message, field: 'job_value' };
    if (parsed.cents <= 0) return { ok: false, message: OUTCOME_MESSAGES.jobValueNotPositive, field: 'job_value' };
    if (parsed.cents > MAX_JOB_VALUE_CENTS)
      return { ok: false, message: OUTCOME_MESSAGES.jobValueTooHigh, field: 'job_value' };
    jobValue = parsed.cents;
  } else if (!blank(input.job_value))
    return { ok: false, message: OUTCOME_MESSAGES.jobValueOnlyWhenWon, field: 'job_value' };
  let reason: LostReason | null = null;
  if (input.outcome === 'lost') {
    if (!(LOST_REASONS as readonly string[]).includes(String(input.lost_reason ?? '')))
      return { ok: false, message: OUTCOME_MESSAGES.lostReasonRequired, field: 'lost_reason' };
    reason = input.lost_reason as LostReason;
  } else if (!blank(input.lost_reason))
    return { ok: false, message: OUTCOME_MESSAGES.lostReasonOnlyWhenLost, field: 'lost_reason' };
  return {
    ok: true,
    value: { outcome: input.outcome, job_value_cents: jobValue, lost_reason: reason, note: note || null },
  };
}

/** What the buyer is told once an outcome is kept ("Marked as won: $1,200.00."). */
export function outcomeRecordedMessage(value: Pick<CheckedOutcome, 'outcome' | 'job_value_cents' | 'lost_reason'>) {
  const label = OUTCOME_LABELS[value.outcome].toLowerCase();
  if (value.outcome === 'won' && value.job_value_cents !== null)
    return `Marked as won: ${formatCents(value.job_value_cents)}.`;
  if (value.outcome === 'lost' && value.lost_reason)
    return `Marked as lost (${LOST_REASON_LABELS[value.lost_reason]}).`;
  return `Marked as ${label}.`;
}

/** The refund reason a "never reached" outcome prefills (the buyer's note follows it). */
export const NEVER_REACHED_REFUND_REASON = 'I never reached the customer: the phone number did not lead to them.';

/** The figures' row of a lead: its price-matrix row (a home-service trade, else its industry), as key and words. */
export function outcomeCategoryOf(category: string, subService?: string | null): { key: string; label: string } {
  const row = priceRowOf(category, subService);
  const found = PRICE_MATRIX_ROWS.find((r) => r.category === row.category && r.sub_service === row.sub_service);
  return { key: priceRowKey(row), label: found?.label ?? humanizeValue(row.category) };
}

/** A close rate or net return (percent) as people read it: 66.67 → "66.7%", 100 → "100%". */
export const formatPercent = (percent: number): string =>
  `${Number(percent ?? 0).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** An ROI ratio as the spec writes it: 16.67 → "16.7:1". */
export const formatRoiRatio = (ratio: number): string => `${Number(ratio ?? 0).toFixed(1)}:1`;
