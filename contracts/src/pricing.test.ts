import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_PRICE_CENTS } from './constants.js';
import { PRICE_MATRIX_ROWS, priceRowOf, resolveLeadPrice } from './pricing.js';

describe('price rows of the catalogue', () => {
  it('lists every industry, and under Home Services every trade', () => {
    const labels = PRICE_MATRIX_ROWS.map((r) => r.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Home Services', 'HVAC', 'Plumbing', 'Electrical', 'Roofing', 'Auto']),
    );
    expect(PRICE_MATRIX_ROWS.find((r) => r.label === 'HVAC')).toMatchObject({
      category: 'home_services',
      sub_service: 'hvac',
      parent_label: 'Home Services',
    });
    expect(PRICE_MATRIX_ROWS.some((r) => r.category === 'legal' && r.sub_service)).toBe(false);
  });

  it('reads old spellings as catalogue rows', () => {
    expect(priceRowOf('HVAC')).toEqual({ category: 'home_services', sub_service: 'hvac' });
    expect(priceRowOf('automotive', 'towing')).toEqual({ category: 'auto', sub_service: '' });
    expect(priceRowOf('Home Services', 'Plumbing')).toEqual({ category: 'home_services', sub_service: 'plumbing' });
    expect(priceRowOf('legal', 'bankruptcy')).toEqual({ category: 'legal', sub_service: '' });
    expect(priceRowOf('made-up', 'x')).toEqual({ category: 'made-up', sub_service: '' });
  });

  it('resolves trade → industry → default, tier by tier', () => {
    const prices = [
      { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price_cents: 3100 },
      { category: 'home_services', sub_service: '', lead_type: 'standard', price_cents: 2600 },
      { category: 'home_services', sub_service: '', lead_type: 'premium', price_cents: 4000 },
    ];
    const lead = (sub_service: string, lead_type: 'standard' | 'premium' | 'emergency') =>
      resolveLeadPrice(prices, { service_category: 'home_services', sub_service, lead_type });
    expect(lead('hvac', 'standard')).toMatchObject({ price_cents: 3100, source: 'trade', sub_service: 'hvac' });
    expect(lead('hvac', 'premium')).toMatchObject({ price_cents: 4000, source: 'industry', sub_service: '' });
    expect(lead('plumbing', 'standard')).toMatchObject({ price_cents: 2600, source: 'industry' });
    expect(lead('hvac', 'emergency')).toMatchObject({ price_cents: DEFAULT_LEAD_PRICE_CENTS, source: 'default' });
  });
});
