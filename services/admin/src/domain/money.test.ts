import { describe, expect, it } from 'vitest';
import { optionalDollars, pricingUpdatedMessage } from './money.js';

describe('money on the admin wire', () => {
  it("formats the spec's pricing message with two decimals", () => {
    expect(pricingUpdatedMessage('HVAC', 'premium', 4550)).toBe('Updated HVAC premium pricing to $45.50');
    expect(pricingUpdatedMessage('Plumbing', 'standard', 2000)).toBe('Updated Plumbing standard pricing to $20.00');
    expect(pricingUpdatedMessage('Roofing', 'emergency', 439000)).toBe(
      'Updated Roofing emergency pricing to $4,390.00',
    );
  });
  it('keeps a missing old price missing', () => {
    expect(optionalDollars(null)).toBeNull();
    expect(optionalDollars(1999)).toBe(19.99);
  });
});
