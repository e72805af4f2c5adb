import { describe, expect, it } from 'vitest';
import { leadTypeOf, priceFor, pricingMap } from './pricing.js';

const rows = [
  { category: 'HVAC', lead_type: 'standard', price_cents: 3000 },
  { category: 'HVAC', lead_type: 'emergency', price_cents: 12000 },
];

describe('lead pricing', () => {
  it('takes the tier from urgency', () => {
    expect(leadTypeOf('Standard')).toBe('standard');
    expect(leadTypeOf('Premium')).toBe('premium');
    expect(leadTypeOf('Emergency')).toBe('emergency');
    expect(leadTypeOf('whatever')).toBe('standard');
  });
  it('uses the admin price, else $20', () => {
    expect(priceFor(rows, 'hvac', 'emergency')).toBe(12000);
    expect(priceFor(rows, 'HVAC', 'premium')).toBe(2000);
    expect(priceFor(rows, 'Plumbing', 'standard')).toBe(2000);
  });
  it('builds the public map in dollars', () => {
    expect(pricingMap(rows)).toEqual({ HVAC: { standard: 30, premium: 20, emergency: 120 } });
  });
});
