import { describe, expect, it } from 'vitest';
import { humanize, leadPrice, newestFirst, pageButtons, priceTier, truncate, walletBarPercent } from './rules';

describe('dashboard rules', () => {
  it('tiers prices at 35 and 100 dollars', () => {
    expect([34.99, 35, 99.99, 100].map(priceTier)).toEqual(['Standard', 'Premium', 'Premium', 'Emergency']);
  });
  it('prices a lead by its own price, its category, else $20', () => {
    expect(leadPrice({ service_category: 'HVAC', price: 50 }, { HVAC: 30 })).toBe(50);
    expect(leadPrice({ service_category: 'HVAC' }, { HVAC: 30 })).toBe(30);
    expect(leadPrice({ service_category: 'Roofing' }, { HVAC: 30 })).toBe(20);
  });
  it('truncates descriptions past 100 characters with an ellipsis', () => {
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
  });
  it('fills the wallet bar at balance/100, capped at 100 percent', () => {
    expect(walletBarPercent(25)).toBe(25);
    expect(walletBarPercent(250)).toBe(100);
  });
  it('shows at most five page buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
  it('sorts newest first', () => {
    const sorted = newestFirst([{ created_at: '2026-01-01T00:00:00Z' }, { created_at: '2026-03-01T00:00:00Z' }]);
    expect(sorted[0]!.created_at).toBe('2026-03-01T00:00:00Z');
  });
});

describe('humanize', () => {
  it('reads catalogue values and leaves labels alone', () => {
    expect(humanize('home_services')).toBe('Home Services');
    expect(humanize('hvac')).toBe('HVAC');
    expect(humanize('AC Repair')).toBe('AC Repair');
    expect(humanize(undefined)).toBe('');
  });
});

describe('issue 16 display rules', () => {
  it('money has separators and a real minus; catalogue values read as words', async () => {
    const { money } = await import('./rules');
    expect(money(4390)).toBe('$4,390.00');
    expect(money(-30)).toBe('\u2212$30.00');
    expect(humanize('Hvac')).toBe('HVAC');
  });
  it('says how long ago a lead was posted and sorts by price or newest', async () => {
    const { postedAgo, sortLeads } = await import('./rules');
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(postedAgo('2026-11-22T11:55:00Z', now)).toBe('posted 5 min ago');
    expect(postedAgo('2026-11-22T11:59:40Z', now)).toBe('posted just now');
    expect(postedAgo('2026-11-22T09:00:00Z', now)).toBe('posted 3 hours ago');
    expect(postedAgo('2026-11-21T11:00:00Z', now)).toBe('posted 1 day ago');
    const leads = [
      { id: 'a', created_at: '2026-11-22T10:00:00Z', price: 20 },
      { id: 'b', created_at: '2026-11-22T11:00:00Z', price: 100 },
      { id: 'c', created_at: '2026-11-22T09:00:00Z', price: 35 },
    ];
    const price = (l: { price: number }) => l.price;
    expect(sortLeads(leads, 'newest', price).map((l) => l.id)).toEqual(['b', 'a', 'c']);
    expect(sortLeads(leads, 'price-high', price).map((l) => l.id)).toEqual(['b', 'c', 'a']);
    expect(sortLeads(leads, 'price-low', price).map((l) => l.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('dates in words', () => {
  it('writes the month as a word, never 11/20/2026, and passes unparseable text through', async () => {
    const { shortDate, dateTimeInWords } = await import('./rules');
    expect(shortDate('2026-11-20T12:00:00Z')).toMatch(/^Nov (19|20|21), 2026$/);
    expect(dateTimeInWords('2026-11-20T12:00:00Z')).toMatch(/^Nov (19|20|21), 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(shortDate('soon')).toBe('soon');
    expect(shortDate(null)).toBe('');
  });
});
