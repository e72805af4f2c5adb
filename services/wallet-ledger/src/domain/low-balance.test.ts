import { describe, expect, it } from 'vitest';
import { cheapestLeadCents, crossedBelow } from './low-balance.js';

describe('low balance', () => {
  it('the cheapest lead is the lowest tier of the category, $20 for unpriced tiers, any letter case', () => {
    const prices = [
      { category: 'HVAC', lead_type: 'standard', price_cents: 3500 },
      { category: 'HVAC', lead_type: 'premium', price_cents: 5000 },
      { category: 'HVAC', lead_type: 'emergency', price_cents: 7500 },
      { category: 'Plumbing', lead_type: 'standard', price_cents: 4000 },
    ];
    expect(cheapestLeadCents(prices, 'hvac')).toBe(3500);
    expect(cheapestLeadCents(prices, 'Plumbing')).toBe(2000);
    expect(cheapestLeadCents(prices, 'Roofing')).toBe(2000);
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
