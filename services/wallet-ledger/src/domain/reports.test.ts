import { describe, expect, it } from 'vitest';
import {
  avgResponseMinutes,
  gamification,
  performanceMetrics,
  responseScore,
  streaks,
  weeklyReports,
  type PurchaseFact,
} from './reports.js';

const now = new Date('2026-11-22T12:00:00Z'); // a Sunday
const p = (daysAgo: number, over: Partial<PurchaseFact> = {}): PurchaseFact => ({
  price_cents: 2000,
  status: 'purchased',
  purchased_at: new Date(now.getTime() - daysAgo * 86_400_000),
  offered_at: null,
  completed_at: null,
  refunded_at: null,
  ...over,
});

describe('reports', () => {
  it('computes 30-day metrics with completed leads as booked revenue, the close rate over decided leads', () => {
    const all = [
      p(1, { status: 'completed', completed_at: now }),
      p(2, { outcome: 'lost', lost_reason: 'price', outcome_at: now }),
      p(4),
      p(40),
      p(3, { status: 'refunded' }),
    ];
    const { metrics, daily_data } = performanceMetrics(all, 30, now, 500_00);
    // Won 1 of the 2 decided (the third, still open, is spend but not yet a verdict).
    expect(metrics).toMatchObject({
      leads_purchased: 3,
      total_spend: 60,
      total_revenue: 500,
      close_rate: 50,
      roi_ratio: 8.33,
    });
    expect(daily_data).toHaveLength(30);
    expect(daily_data.at(-1)).toEqual({ date: '2026-11-22', leads_purchased: 0, leads_booked: 1 });
  });
  it('scores response time from the offer to the recorded contact, and streaks', () => {
    // Offered 4 minutes ago, bought 1 minute later, the customer called now: 4 minutes.
    const fast = p(0, { offered_at: new Date(now.getTime() - 4 * 60_000), contacted_at: now });
    fast.purchased_at = new Date(now.getTime() - 3 * 60_000);
    expect(responseScore([fast])).toBe(100);
    const slow = { ...fast, offered_at: new Date(now.getTime() - 25 * 60_000) };
    expect(responseScore([slow])).toBe(60);
    // A purchase whose contact was never recorded says nothing about response time.
    const unknown = { ...fast, contacted_at: null };
    expect(responseScore([unknown])).toBe(0);
    expect(avgResponseMinutes([fast, unknown])).toBe(4);
    // Bought without an offer: counted from the purchase.
    expect(avgResponseMinutes([{ ...fast, offered_at: null }])).toBe(3);
    expect(streaks([p(0), p(1), p(2), p(5), p(6)], now)).toEqual({ current: 3, best: 3 });
    expect(streaks([p(3)], now).current).toBe(0);
    const g = gamification([fast], now, 500_00);
    expect(g).toMatchObject({
      top_performer_badge: false,
      completed_leads: 0,
      total_leads: 1,
      response_time_score: 100,
    });
  });
  it('summarises the last 5 weeks, oldest first', () => {
    const weeks = weeklyReports(
      [p(0), p(8)],
      [{ amount_cents: 2000, processed_at: now }],
      [{ amount_cents: 10000, created_at: new Date('2026-11-01T00:00:00Z') }],
      5,
      now,
    );
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toMatchObject({
      week_start_formatted: 'Nov 16',
      week_end_formatted: 'Nov 22',
      spend: 20,
      leads_purchased: 1,
      refunds: 20,
      wallet_balance: 100,
    });
    expect(weeks[3]!.leads_purchased).toBe(1);
  });
});

describe('one set of numbers (issue 16)', () => {
  // A week of activity: bought Mon–Sat, one completed, one refunded (approved within the week).
  const monday = new Date('2026-11-16T00:00:00Z');
  const at = (day: number, hour = 10) => new Date(monday.getTime() + day * 86_400_000 + hour * 3_600_000);
  const facts: PurchaseFact[] = [
    { ...p(0), purchased_at: at(0), price_cents: 2000, status: 'completed', completed_at: at(1) },
    { ...p(0), purchased_at: at(1), price_cents: 3500 },
    { ...p(0), purchased_at: at(2), price_cents: 10_000, status: 'refunded', refunded_at: at(3) },
    {
      ...p(0),
      purchased_at: at(5),
      price_cents: 2000,
      status: 'archived',
      outcome: 'never_reached',
      outcome_at: at(5),
    },
  ];
  const sunday = at(6, 12);

  it('the dashboard metrics for a period equal the weekly report of the same period (net of refunds)', () => {
    const { metrics } = performanceMetrics(facts, 7, sunday, 500_00); // 7 days back from Sunday noon covers the week
    const [week] = weeklyReports(facts, [{ amount_cents: 10_000, processed_at: at(3) }], [], 1, sunday);
    expect(metrics.leads_purchased).toBe(week!.leads_purchased);
    expect(metrics.total_spend).toBe(week!.spend);
    expect(metrics).toMatchObject({ leads_purchased: 3, total_spend: 75, total_revenue: 500, close_rate: 50 });
    expect(week).toMatchObject({ leads_purchased: 3, spend: 75, refunds: 100 });
  });

  it('achievements count the same purchases, and a refunded lead never counts toward ROI even if completed', () => {
    const refundedButCompleted: PurchaseFact = {
      ...p(0),
      purchased_at: at(4),
      status: 'refunded',
      completed_at: at(4, 12),
      refunded_at: at(5),
    };
    const all = [...facts, refundedButCompleted];
    const g = gamification(all, sunday, 500_00);
    const { metrics } = performanceMetrics(all, 7, sunday, 500_00);
    expect(g.total_leads).toBe(metrics.leads_purchased);
    expect(g.completed_leads).toBe(1);
    expect(g.total_roi).toBe(metrics.roi_ratio);
    expect(metrics.total_revenue).toBe(500);
  });
});
