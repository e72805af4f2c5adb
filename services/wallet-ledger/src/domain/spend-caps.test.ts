import {
  capRefusal,
  isoWeekStart,
  nextIsoWeek,
  nextUtcDay,
  nextUtcMonth,
  spentAt,
  utcDayStart,
} from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { checkCapDollars, checkReloadLimit } from './spend-caps.js';

const noCaps = { daily_cap_cents: null, weekly_cap_cents: null, max_lead_price_cents: null };

describe('spend windows (UTC day, ISO week, UTC month)', () => {
  it('a Sunday late evening belongs to the week that began the Monday before', () => {
    const sunday = new Date('2026-11-29T23:59:59.999Z');
    expect(isoWeekStart(sunday).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextIsoWeek(sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextUtcDay(sunday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('a Monday at midnight starts a new week; month and day roll over in UTC', () => {
    const monday = new Date('2026-11-30T00:00:00.000Z');
    expect(isoWeekStart(monday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(utcDayStart(new Date('2026-12-31T23:00:00-05:00')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextUtcMonth(new Date('2026-12-15T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('capRefusal', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  it('allows a purchase landing exactly on the cap and refuses one cent more, naming the cap and its reset', () => {
    const caps = { ...noCaps, daily_cap_cents: 6000 };
    expect(capRefusal(caps, { today_cents: 4000, this_week_cents: 4000 }, 2000, now)).toBeNull();
    const refused = capRefusal(caps, { today_cents: 4001, this_week_cents: 4001 }, 2000, now)!;
    expect(refused.cap).toBe('daily');
    expect(refused.message).toBe('This purchase would pass your daily cap of $60.00. It resets at midnight UTC.');
    expect(refused.resets_at).toBe('2026-11-26T00:00:00.000Z');
  });

  it('names the weekly cap with its Monday reset, and the maximum price first', () => {
    const weekly = capRefusal(
      { ...noCaps, weekly_cap_cents: 10000 },
      { today_cents: 0, this_week_cents: 9000 },
      2000,
      now,
    )!;
    expect(weekly.cap).toBe('weekly');
    expect(weekly.message).toMatch(/weekly cap of \$100\.00\. It resets on Monday at midnight UTC/);
    expect(weekly.resets_at).toBe('2026-11-30T00:00:00.000Z');
    const price = capRefusal(
      { ...noCaps, max_lead_price_cents: 1500, daily_cap_cents: 1 },
      { today_cents: 0, this_week_cents: 0 },
      2000,
      now,
    )!;
    expect(price.cap).toBe('max_price');
    expect(price.message).toMatch(/costs \$20\.00, more than your maximum price per lead of \$15\.00/);
  });

  it('spend of a window that has ended no longer counts (matching offers again after midnight)', () => {
    const snapshot = {
      ...noCaps,
      spent_today_cents: 6000,
      spent_this_week_cents: 6000,
      day_start: '2026-11-25T00:00:00.000Z',
      week_start: '2026-11-23T00:00:00.000Z',
    };
    expect(spentAt(snapshot, now)).toEqual({ today_cents: 6000, this_week_cents: 6000 });
    expect(spentAt(snapshot, new Date('2026-11-26T00:00:01Z'))).toEqual({ today_cents: 0, this_week_cents: 6000 });
    expect(spentAt(snapshot, new Date('2026-11-30T00:00:01Z'))).toEqual({ today_cents: 0, this_week_cents: 0 });
  });
});

describe('cap inputs', () => {
  it('reads dollars as people write them, empty as no cap, and refuses the rest', () => {
    expect(checkCapDollars('60')).toEqual({ ok: true, cents: 6000 });
    expect(checkCapDollars('$1,250.50')).toEqual({ ok: true, cents: 125050 });
    expect(checkCapDollars(42.5)).toEqual({ ok: true, cents: 4250 });
    expect(checkCapDollars('')).toEqual({ ok: true, cents: null });
    expect(checkCapDollars(null)).toEqual({ ok: true, cents: null });
    for (const bad of ['0', '-5', 'ten', '1.234', '100000.01', true, {}]) expect(checkCapDollars(bad).ok).toBe(false);
  });

  it('reload limits are whole numbers from 1 to 100', () => {
    expect(checkReloadLimit('3', { min: 1, max: 100 })).toEqual({ ok: true, value: 3 });
    expect(checkReloadLimit('', { min: 1, max: 100 })).toEqual({ ok: true, value: null });
    for (const bad of ['0', '101', '2.5', 'x']) expect(checkReloadLimit(bad, { min: 1, max: 100 }).ok).toBe(false);
  });
});
