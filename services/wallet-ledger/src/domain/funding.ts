import {
  AUTO_RELOAD_AMOUNT_RANGE,
  AUTO_RELOAD_THRESHOLD_RANGE,
  CHANNEL_OFF_MESSAGES,
  FUNDING_MAX_CENTS,
  FUNDING_MIN_CENTS,
  MESSAGES,
} from '@leadmarket/contracts';

/** A validation outcome: cents, or the spec's message for the caller. */
export type Checked = { ok: true; cents: number } | { ok: false; message: string };

const asNumber = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
};

/** The fund amount rules of spec §5: a number, at least $100, at most $10,000 (dollars in, cents out). */
export function checkFundingAmount(value: unknown): Checked {
  const dollars = asNumber(value);
  if (!Number.isFinite(dollars)) return { ok: false, message: MESSAGES.contractor.invalidAmount };
  const cents = Math.round(dollars * 100);
  if (cents < FUNDING_MIN_CENTS) return { ok: false, message: MESSAGES.contractor.minimumFunding };
  if (cents > FUNDING_MAX_CENTS) return { ok: false, message: MESSAGES.contractor.maximumFunding };
  return { ok: true, cents };
}

/** Messages of our own for the auto-reload inputs (the spec gives ranges, no texts). */
/** PAYMENTS_DISABLED=true: what funding calls answer (503) and the dashboard shows. */
export const FUNDING_UNAVAILABLE = CHANNEL_OFF_MESSAGES.funding;

export const AUTO_RELOAD_MESSAGES = {
  threshold: `Auto-reload threshold must be between $${AUTO_RELOAD_THRESHOLD_RANGE.min} and $${AUTO_RELOAD_THRESHOLD_RANGE.max}`,
  amount: `Auto-reload amount must be between $${AUTO_RELOAD_AMOUNT_RANGE.min} and $${AUTO_RELOAD_AMOUNT_RANGE.max}`,
  enabled: 'auto_reload_enabled must be true or false',
  /** Auto-reload charges a saved card; without one it could never run, so it is not turned on. */
  noCard:
    'Auto-reload needs a saved card. Add funds once with a card (the card is saved for auto-reload), then turn it on.',
} as const;

/** Check one auto-reload dollar input against its range. */
export function checkReloadDollars(value: unknown, range: { min: number; max: number }, message: string): Checked {
  const dollars = asNumber(value);
  if (!Number.isFinite(dollars)) return { ok: false, message };
  const cents = Math.round(dollars * 100);
  if (cents < range.min * 100 || cents > range.max * 100) return { ok: false, message };
  return { ok: true, cents };
}

/** A purchase that leaves the balance under the threshold triggers one reload. */
export const needsReload = (settings: { enabled: boolean; thresholdCents: number }, balanceCents: number) =>
  settings.enabled && balanceCents < settings.thresholdCents;
