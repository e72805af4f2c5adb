import {
  GOOD_RESPONSE_MINUTES,
  GOOD_RESPONSE_SCORE,
  HIGHLIGHT_ROI_RATIO,
  type LeadOutcome,
  type LostReason,
} from '@leadmarket/contracts';
import { outcomeFigures, verdictOf } from './outcomes.js';

/** One purchase as the reports see it. */
export interface PurchaseFact {
  price_cents: number;
  status: string;
  purchased_at: Date;
  offered_at: Date | null;
  completed_at: Date | null;
  refunded_at: Date | null;
  /** When the buyer first contacted the customer (marked or called from the dashboard), if it did. */
  contacted_at?: Date | null;
  /** What the buyer recorded happened (LeadOutcomeRecorded), and when; the figures of domain/outcomes.ts read it. */
  outcome?: LeadOutcome | null;
  job_value_cents?: number | null;
  lost_reason?: LostReason | null;
  outcome_at?: Date | null;
}

/**
 * What a won lead without a recorded job value (marked completed, no outcome) counts as in revenue:
 * one average job (WALLET_AVG_JOB_VALUE_DOLLARS). A won outcome counts at its recorded value.
 */
export const DEFAULT_AVG_JOB_VALUE_CENTS = 500_00;

/*
 * ONE SET OF NUMBERS. The dashboard's 30-day metrics, the achievements card (gamification)
 * and the weekly reports all count with the definitions below, so the same period gives the same
 * figures everywhere:
 *   - a purchase counts in the period it was MADE (purchased_at), unless it was REFUNDED (an
 *     approved refund takes it out of every figure, whenever the refund happened);
 *   - leads purchased = counted purchases; spend = the sum of their prices;
 *   - won (booked), lost, never reached, close rate, revenue (won value) and ROI ratio are the
 *     outcome figures of domain/outcomes.ts (docs/adr/0047-lead-outcomes.md): close rate = won /
 *     decided, revenue = the won jobs' values, ROI ratio = revenue / spend;
 *   - the weekly `refunds` column is informational: approved refunds decided that week (money
 *     back), already excluded from that week's (or an earlier week's) spend.
 * The tests in reports.test.ts pin that the dashboard and the weekly report agree on one period.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Whether a purchase counts in any figure: not refunded. */
export const counts = (p: PurchaseFact) => p.status !== 'refunded';
const live = counts;
/** Counted purchases made in [from, to). */
export const countedPurchasesIn = (all: PurchaseFact[], from: Date, to: Date) =>
  all.filter((p) => counts(p) && p.purchased_at >= from && p.purchased_at < to);
/** Spend of purchases, in cents. */
export const spendCents = (list: PurchaseFact[]) => list.reduce((s, p) => s + p.price_cents, 0);

/**
 * Response time (measured, not assumed): minutes from the offer (or the purchase, when the
 * lead was bought without one) to the buyer's first contact with the customer, averaged over the
 * purchases whose contact was recorded (0 when none).
 */
export function avgResponseMinutes(purchases: PurchaseFact[]): number {
  const timed = purchases.filter((p) => p.contacted_at);
  if (timed.length === 0) return 0;
  const total = timed.reduce(
    (s, p) => s + Math.max(0, p.contacted_at!.getTime() - (p.offered_at ?? p.purchased_at).getTime()),
    0,
  );
  return round2(total / timed.length / 60000);
}

/** 100 at or under 5 minutes, two points less per minute beyond, never below 0; 0 with no data. */
export function responseScore(purchases: PurchaseFact[]): number {
  if (!purchases.some((p) => p.contacted_at)) return 0;
  const minutes = avgResponseMinutes(purchases);
  return minutes <= GOOD_RESPONSE_MINUTES ? 100 : Math.max(0, Math.round(100 - (minutes - GOOD_RESPONSE_MINUTES) * 2));
}

/** The 30-day (or `days`) metrics and one row per day, oldest first. Spend excludes refunded purchases. */
export function performanceMetrics(all: PurchaseFact[], days: number, now: Date, jobValueCents: number) {
  const since = new Date(now.getTime() - days * DAY_MS);
  const inWindow = countedPurchasesIn(all, since, new Date(now.getTime() + 1));
  const figures = outcomeFigures(inWindow, jobValueCents);
  const daily: Array<{ date: string; leads_purchased: number; leads_booked: number }> = [];
  for (let i = days - 1; i >= 0; i--) {
    const key = dayKey(new Date(now.getTime() - i * DAY_MS));
    daily.push({
      date: key,
      leads_purchased: all.filter((p) => live(p) && dayKey(p.purchased_at) === key).length,
      leads_booked: all.filter((p) => {
        const at = bookedAt(p);
        return live(p) && at !== null && dayKey(at) === key;
      }).length,
    });
  }
  return {
    metrics: {
      leads_purchased: inWindow.length,
      total_spend: figures.spend,
      total_revenue: figures.won_value,
      close_rate: figures.close_rate,
      roi_ratio: figures.roi_ratio,
      avg_response_time: avgResponseMinutes(inWindow),
    },
    daily_data: daily,
  };
}

/** When a won purchase was booked: its won outcome's time, else its completion; null when not won. */
function bookedAt(p: PurchaseFact): Date | null {
  if (verdictOf(p) !== 'won') return null;
  return p.outcome === 'won' ? (p.outcome_at ?? p.completed_at) : p.completed_at;
}

/** Days in a row with at least one purchase: current (ending today or yesterday) and best. */
export function streaks(all: PurchaseFact[], now: Date): { current: number; best: number } {
  const days = [...new Set(all.map((p) => Math.floor(p.purchased_at.getTime() / DAY_MS)))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1]! + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  const today = Math.floor(now.getTime() / DAY_MS);
  const last = days[days.length - 1];
  const current = last !== undefined && (last === today || last === today - 1) ? run : 0;
  return { current, best };
}

/** The achievements card. Top performer: response score ≥ 80 and all-time ROI ≥ 4:1. */
export function gamification(all: PurchaseFact[], now: Date, jobValueCents: number) {
  const kept = all.filter(live);
  const completed = kept.filter((p) => p.completed_at).length;
  const roi = outcomeFigures(kept, jobValueCents).roi_ratio;
  const score = responseScore(kept);
  const { current, best } = streaks(kept, now);
  return {
    top_performer_badge: score >= GOOD_RESPONSE_SCORE && roi >= HIGHLIGHT_ROI_RATIO,
    current_streak: current,
    best_streak: best,
    response_time_score: score,
    avg_response_time: avgResponseMinutes(kept),
    total_roi: roi,
    completed_leads: completed,
    total_leads: kept.length,
  };
}

const fmt = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Monday 00:00 UTC of the week holding `d`. */
export const weekStart = (d: Date) => {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
};

/**
 * The last `weeks` Monday–Sunday weeks (UTC), oldest first (the trend chart reads left to right).
 * spend and leads_purchased count purchases made that week and not refunded (the definitions at
 * the top); refunds are approved refunds decided that week; wallet_balance is the balance at the
 * week's end (or now, for the current week).
 */
export function weeklyReports(
  purchases: PurchaseFact[],
  refunds: Array<{ amount_cents: number; processed_at: Date }>,
  entries: Array<{ amount_cents: number; created_at: Date }>,
  weeks: number,
  now: Date,
) {
  const first = weekStart(now).getTime() - (weeks - 1) * 7 * DAY_MS;
  const out = [];
  for (let w = 0; w < weeks; w++) {
    const start = new Date(first + w * 7 * DAY_MS);
    const end = new Date(start.getTime() + 7 * DAY_MS);
    const inWeek = (d: Date) => d >= start && d < end;
    const bought = countedPurchasesIn(purchases, start, end);
    const cutoff = end > now ? now : end;
    out.push({
      week_start_formatted: fmt(start),
      week_end_formatted: fmt(new Date(end.getTime() - DAY_MS)),
      spend: spendCents(bought) / 100,
      leads_purchased: bought.length,
      refunds: refunds.filter((r) => inWeek(r.processed_at)).reduce((s, r) => s + r.amount_cents, 0) / 100,
      wallet_balance: entries.filter((e) => e.created_at <= cutoff).reduce((s, e) => s + e.amount_cents, 0) / 100,
    });
  }
  return out;
}
