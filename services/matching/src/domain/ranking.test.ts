import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEligible, rankCandidates, type Candidate, type LeadToMatch } from './ranking.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const lead: LeadToMatch = {
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '30301',
  price_cents: 2000,
  preferred_contractor_id: null,
};
const base = (id: string, over: Partial<Candidate> = {}): Candidate => ({
  contractor_id: id,
  industry: 'home_services',
  sub_service: 'hvac',
  zip_codes: ['30301'],
  active: true,
  balance_cents: 2500,
  offers_received: 0,
  leads_purchased: 0,
  last_offered_at: null,
  ...over,
});

describe('eligibility', () => {
  it('leaves out a contractor whose purchase would pass a spend cap, until its window resets', () => {
    const limits = {
      daily_cap_cents: 6000,
      weekly_cap_cents: null,
      max_lead_price_cents: null,
      spent_today_cents: 4000,
      spent_this_week_cents: 4000,
      day_start: '2026-11-22T00:00:00.000Z',
      week_start: '2026-11-16T00:00:00.000Z',
    };
    expect(isEligible(base('a', { spend_limits: limits }), lead, NOW)).toBe(true);
    expect(isEligible(base('a', { spend_limits: { ...limits, spent_today_cents: 4001 } }), lead, NOW)).toBe(false);
    expect(
      isEligible(
        base('a', { spend_limits: { ...limits, spent_today_cents: 6000 } }),
        lead,
        new Date('2026-11-23T00:00:01Z'),
      ),
    ).toBe(true);
    const cheap = { ...limits, daily_cap_cents: null, max_lead_price_cents: 1999 };
    expect(isEligible(base('a', { spend_limits: cheap }), lead, NOW)).toBe(false);
    expect(
      rankCandidates([base('a', { spend_limits: cheap }), base('b')], lead, 5, NOW).map((r) => r.contractor_id),
    ).toEqual(['b']);
  });

  it('needs the ZIP, the industry and sub-service, an active account and enough balance', () => {
    expect(isEligible(base('a'), lead)).toBe(true);
    expect(isEligible(base('a', { zip_codes: ['99999'] }), lead)).toBe(false);
    expect(isEligible(base('a', { sub_service: 'plumbing' }), lead)).toBe(false);
    expect(isEligible(base('a', { industry: 'legal' }), lead)).toBe(false);
    expect(isEligible(base('a', { active: false }), lead)).toBe(false);
    expect(isEligible(base('a', { balance_cents: 1999 }), lead)).toBe(false);
    expect(isEligible(base('a', { balance_cents: 2000 }), lead)).toBe(true);
  });

  it('folds spellings: HVAC category, "Home Services" industry', () => {
    expect(
      isEligible(base('a', { industry: 'Home Services', sub_service: 'HVAC' }), {
        ...lead,
        service_category: 'HVAC',
        sub_service: 'AC repair',
      }),
    ).toBe(true);
    expect(
      isEligible(base('a', { industry: 'real_estate', sub_service: 'buyer_agent' }), {
        ...lead,
        service_category: 'Real Estate',
        sub_service: 'Buyer Agent',
      }),
    ).toBe(true);
  });
});

describe('ranking', () => {
  it('puts an eligible preferred contractor first, an ineligible one nowhere', () => {
    const cs = [base('a'), base('b', { offers_received: 10, leads_purchased: 0 }), base('c', { zip_codes: ['1'] })];
    expect(rankCandidates(cs, { ...lead, preferred_contractor_id: 'b' }, 5, NOW)[0]!.contractor_id).toBe('b');
    expect(rankCandidates(cs, { ...lead, preferred_contractor_id: 'c' }, 5, NOW).map((r) => r.contractor_id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('prefers a better response record, then the least recently offered', () => {
    const good = base('good', { offers_received: 4, leads_purchased: 4, last_offered_at: '2026-11-22T11:00:00Z' });
    const poor = base('poor', { offers_received: 4, leads_purchased: 0, last_offered_at: '2026-11-22T11:00:00Z' });
    expect(rankCandidates([poor, good], lead, 5, NOW).map((r) => r.contractor_id)).toEqual(['good', 'poor']);
    const recent = base('recent', { last_offered_at: '2026-11-22T11:59:00Z' });
    const rested = base('rested', { last_offered_at: '2026-11-20T11:59:00Z' });
    expect(rankCandidates([recent, rested], lead, 5, NOW).map((r) => r.contractor_id)).toEqual(['rested', 'recent']);
  });
});

const candidateArb: fc.Arbitrary<Candidate> = fc.record({
  contractor_id: fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9', 'c10'),
  industry: fc.constantFrom('home_services', 'legal', 'HVAC'),
  sub_service: fc.constantFrom('hvac', 'plumbing'),
  zip_codes: fc.array(fc.constantFrom('30301', '30302', '10001'), { maxLength: 3 }),
  active: fc.boolean(),
  balance_cents: fc.integer({ min: 0, max: 5000 }),
  offers_received: fc.integer({ min: 0, max: 50 }),
  leads_purchased: fc.integer({ min: 0, max: 50 }),
  last_offered_at: fc.option(
    fc.date({ min: new Date('2026-11-01T00:00:00Z'), max: NOW, noInvalidDate: true }).map((d) => d.toISOString()),
    { nil: null },
  ),
});
const leadArb: fc.Arbitrary<LeadToMatch> = fc.record({
  service_category: fc.constantFrom('home_services', 'HVAC', 'legal'),
  sub_service: fc.constantFrom('hvac', 'plumbing'),
  zip_code: fc.constantFrom('30301', '10001'),
  price_cents: fc.integer({ min: 0, max: 5000 }),
  preferred_contractor_id: fc.option(fc.constantFrom('c1', 'c2', 'c3'), { nil: null }),
});

describe('ranking properties', () => {
  it('offers only eligible contractors, each once, never more than N', () => {
    fc.assert(
      fc.property(fc.array(candidateArb, { maxLength: 20 }), leadArb, fc.integer({ min: 0, max: 8 }), (cs, l, n) => {
        const ranked = rankCandidates(cs, l, n, NOW);
        expect(ranked.length).toBeLessThanOrEqual(n);
        const ids = ranked.map((r) => r.contractor_id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(cs.some((c) => c.contractor_id === id && isEligible(c, l))).toBe(true);
        const eligibleIds = new Set(cs.filter((c) => isEligible(c, l)).map((c) => c.contractor_id));
        expect(ranked.length).toBe(Math.min(n, eligibleIds.size));
      }),
    );
  });

  it('is deterministic and independent of input order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidateArb, { selector: (c) => c.contractor_id, maxLength: 10 }),
        leadArb,
        (cs, l) => {
          const a = rankCandidates(cs, l, 5, NOW);
          const b = rankCandidates([...cs].reverse(), l, 5, NOW);
          expect(b).toEqual(a);
          expect(rankCandidates(cs, l, 5, NOW)).toEqual(a);
        },
      ),
    );
  });

  it('puts an eligible preferred contractor first', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidateArb, { selector: (c) => c.contractor_id, maxLength: 10 }),
        leadArb,
        (cs, l) => {
          const ranked = rankCandidates(cs, l, 5, NOW);
          const pref = cs.find((c) => c.contractor_id === l.preferred_contractor_id);
          if (pref && isEligible(pref, l)) expect(ranked[0]?.contractor_id).toBe(pref.contractor_id);
          else expect(ranked.every((r) => !r.preferred)).toBe(true);
        },
      ),
    );
  });
});
