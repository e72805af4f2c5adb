import { describe, expect, it } from 'vitest';
import {
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
  it('computes 30-day metrics with completed leads as booked revenue', () => {
    const all = [p(1, { status: 'completed', completed_at: now }), p(2), p(40), p(3, { status: 'refunded' })];
    const { metrics, daily_data } = performanceMetrics(all, 30, now, 500_00);
    expect(metrics).toMatchObject({
      leads_purchased: 2,
      total_spend: 40,
      total_revenue: 500,
      close_rate: 50,
      roi_ratio: 12.5,
    });
    expect(daily_data).toHaveLength(30);
    expect(daily_data.at(-1)).toEqual({ date: '2026-11-22', leads_purchased: 0, leads_booked: 1 });
  });
  it('scores response time and streaks', () => {
    const fast = p(0, { offered_at: new Date(now.getTime() - 86_400_000 * 0 - 4 * 60_000) });
    fast.purchased_at = now;
    expect(responseScore([fast])).toBe(100);
    const slow = { ...fast, offered_at: new Date(now.getTime() - 25 * 60_000) };
    expect(responseScore([slow])).toBe(60);
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
