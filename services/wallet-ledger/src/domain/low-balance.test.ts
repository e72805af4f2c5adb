import { describe, expect, it } from 'vitest';
import { cheapestLeadCents, crossedBelow } from './low-balance.js';

describe('low balance', () => {
  it('the cheapest lead is the lowest tier of the trade (then the industry, then $20)', () => {
    const prices = [
      { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price_cents: 3500 },
      { category: 'home_services', sub_service: 'hvac', lead_type: 'premium', price_cents: 5000 },
      { category: 'home_services', sub_service: 'hvac', lead_type: 'emergency', price_cents: 7500 },
      { category: 'home_services', sub_service: '', lead_type: 'standard', price_cents: 4000 },
      { category: 'home_services', sub_service: '', lead_type: 'premium', price_cents: 4500 },
      { category: 'home_services', sub_service: '', lead_type: 'emergency', price_cents: 6000 },
    ];
    expect(cheapestLeadCents(prices, 'home_services', 'hvac')).toBe(3500);
    expect(cheapestLeadCents(prices, 'home_services', 'plumbing')).toBe(4000);
    expect(cheapestLeadCents(prices, 'legal')).toBe(2000);
  });

  it.each([
    [5000, 1500, true],
    [2000, 0, true],
    [2000, 2000, false],
    [1500, 0, false],
    [4000, 2500, false],
  ])('from %i to %i cents with a $20 lead: crossed %s', (before, after, expected) =>
    expect(crossedBelow(before, after, 2000)).toBe(expected),
  );
});
