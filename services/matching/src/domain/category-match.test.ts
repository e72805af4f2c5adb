import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTarget, normalizeCatalogValue, targetsMatch } from './category-match.js';

describe('category matching', () => {
  it('folds spellings and aliases', () => {
    expect(normalizeCatalogValue('  Real Estate ')).toBe('real_estate');
    expect(canonicalTarget('HVAC', 'AC repair')).toEqual({ industry: 'home_services', subService: 'hvac' });
    expect(canonicalTarget('Auto', 'Body Shop')).toEqual({ industry: 'automotive', subService: 'body_shop' });
    expect(
      targetsMatch(
        { service_category: 'home_services', sub_service: 'plumbing' },
        { industry: 'Home Services', sub_service: 'Plumbing' },
      ),
    ).toBe(true);
    expect(
      targetsMatch(
        { service_category: 'home_services', sub_service: 'plumbing' },
        { industry: 'home_services', sub_service: 'hvac' },
      ),
    ).toBe(false);
    expect(targetsMatch({ service_category: 'legal', sub_service: '' }, { industry: 'legal', sub_service: '' })).toBe(
      false,
    );
  });

  it('normalising is idempotent and matching is symmetric', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (c1, s1, c2, s2) => {
        expect(normalizeCatalogValue(normalizeCatalogValue(c1))).toBe(normalizeCatalogValue(c1));
        expect(targetsMatch({ service_category: c1, sub_service: s1 }, { industry: c2, sub_service: s2 })).toBe(
          targetsMatch({ service_category: c2, sub_service: s2 }, { industry: c1, sub_service: s1 }),
        );
      }),
    );
  });
});
