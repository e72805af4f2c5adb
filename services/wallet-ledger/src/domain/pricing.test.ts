import { describe, expect, it } from 'vitest';
import { leadTypeOf, pricingMap } from './pricing.js';

const rows = [
  { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price_cents: 3000 },
  { category: 'home_services', sub_service: 'hvac', lead_type: 'emergency', price_cents: 12000 },
  { category: 'auto', sub_service: '', lead_type: 'standard', price_cents: 2500 },
];

describe('lead pricing', () => {
  it('takes the tier from urgency', () => {
    expect(leadTypeOf('Standard')).toBe('standard');
    expect(leadTypeOf('Premium')).toBe('premium');
    expect(leadTypeOf('Emergency')).toBe('emergency');
    expect(leadTypeOf('whatever')).toBe('standard');
  });
  it('builds the public map in dollars, trade rows keyed industry/trade', () => {
    expect(pricingMap(rows)).toEqual({
      'home_services/hvac': { standard: 30, premium: 20, emergency: 120 },
      auto: { standard: 25, premium: 20, emergency: 20 },
    });
  });
});
