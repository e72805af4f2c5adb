/**
 * Hard spend caps (docs/adr/0011-spend-caps-and-receipts.md): a contractor's daily
 * and weekly cap on lead purchases and its maximum price per lead, and the two auto-reload limits.
 * The windows are fixed calendar windows in UTC so that "when it resets" is one instant everyone
 * agrees on: the day from midnight UTC, the ISO week from Monday midnight UTC, the month from the
 * 1st at midnight UTC. wallet-ledger enforces them; matching uses the same windows to stop offering.
 */
import { formatCents } from './display.js';

/** Start of the UTC day holding `at`. */
export function utcDayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Start of the ISO week (Monday 00:00 UTC) holding `at`. */
export function isoWeekStart(at: Date): Date {
  const day = utcDayStart(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/** Start of the UTC calendar month holding `at`. */
export function utcMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** When the window holding `at` ends (the next one starts). */
export const nextUtcDay = (at: Date): Date => new Date(utcDayStart(at).getTime() + 86_400_000);
export const nextIsoWeek = (at: Date): Date => new Date(isoWeekStart(at).getTime() + 7 * 86_400_000);
export const nextUtcMonth = (at: Date): Date => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** A contractor's caps in cents; null = no cap. */
export interface SpendCaps {
  daily_cap_cents: number | null;
  weekly_cap_cents: number | null;
  max_lead_price_cents: number | null;
}

/** What was already spent on leads in the current windows. */
export interface SpentSoFar {
  today_cents: number;
  this_week_cents: number;
}

/** The widest cap a contractor may set ($100,000); caps are whole cents from $1. */
export const SPEND_CAP_RANGE_CENTS = { min: 1_00, max: 100_000_00 } as const;
/** Auto-reload limits: whole numbers of reloads from 1. */
export const AUTO_RELOAD_LIMIT_RANGE = { min: 1, max: 100 } as const;

export const SPEND_CAP_MESSAGES = {
  dailyCap: 'Enter a daily cap in dollars between $1.00 and $100,000.00, or leave it empty for no cap.',
  weeklyCap: 'Enter a weekly cap in dollars between $1.00 and $100,000.00, or leave it empty for no cap.',
  maxLeadPrice: 'Enter a maximum price per lead in dollars between $1.00 and $100,000.00, or leave it empty.',
  weeklyBelowDaily: 'The weekly cap cannot be lower than the daily cap.',
  reloadsPerDay: 'Enter how many auto-reloads a day you allow, a whole number from 1 to 100, or leave it empty.',
  reloadsPerMonth: 'Enter how many auto-reloads a month you allow, a whole number from 1 to 100, or leave it empty.',
  reloadsMonthBelowDay: 'The monthly auto-reload limit cannot be lower than the daily one.',
  saved: 'Spend caps saved',
} as const;

/** Which cap a purchase would pass, and the sentence that says so (null = within every cap). */
export interface CapRefusal {
  cap: 'daily' | 'weekly' | 'max_price';
  message: string;
  resets_at: string | null;
}

/**
 * Whether buying a lead at `priceCents` now stays within the caps. The maximum price is checked
 * first (it never resets), then the daily cap, then the weekly one; a purchase that lands exactly
 * on a cap is allowed, one cent over is not.
 */
export function capRefusal(caps: SpendCaps, spent: SpentSoFar, priceCents: number, now: Date): CapRefusal | null {
  if (caps.max_lead_price_cents !== null && priceCents > caps.max_lead_price_cents)
    return {
      cap: 'max_price',
      message: `This lead costs ${formatCents(priceCents)}, more than your maximum price per lead of ${formatCents(caps.max_lead_price_cents)}. Raise it in Settings to buy it.`,
      resets_at: null,
    };
  if (caps.daily_cap_cents !== null && spent.today_cents + priceCents > caps.daily_cap_cents)
    return {
      cap: 'daily',
      message: `This purchase would pass your daily cap of ${formatCents(caps.daily_cap_cents)}. It resets at midnight UTC.`,
      resets_at: nextUtcDay(now).toISOString(),
    };
  if (caps.weekly_cap_cents !== null && spent.this_week_cents + priceCents > caps.weekly_cap_cents)
    return {
      cap: 'weekly',
      message: `This purchase would pass your weekly cap of ${formatCents(caps.weekly_cap_cents)}. It resets on Monday at midnight UTC.`,
      resets_at: nextIsoWeek(now).toISOString(),
    };
  return null;
}

/**
 * What matching is told of a wallet's caps with each balance change: the caps, and what was spent
 * in the windows that started at `day_start` / `week_start`. A window that has since ended counts
 * as nothing spent, so a contractor capped yesterday is offered leads again after midnight UTC
 * without waiting for another event.
 */
export interface SpendLimitsSnapshot extends SpendCaps {
  spent_today_cents: number;
  spent_this_week_cents: number;
  day_start: string;
  week_start: string;
}

/** The spend of a snapshot that still applies at `now`. */
export function spentAt(snapshot: SpendLimitsSnapshot, now: Date): SpentSoFar {
  return {
    today_cents: Date.parse(snapshot.day_start) === utcDayStart(now).getTime() ? snapshot.spent_today_cents : 0,
    this_week_cents:
      Date.parse(snapshot.week_start) === isoWeekStart(now).getTime() ? snapshot.spent_this_week_cents : 0,
  };
}
