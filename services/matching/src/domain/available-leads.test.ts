import { describe, expect, it } from 'vitest';
import { availableLeadCard, fitsContractor, type StoredLead } from './available-leads.js';

/** The use-case's two steps: the leads that fit, as cards. */
const availableLeadCards = (
  leads: StoredLead[],
  contractor: { industry: string; sub_service: string } | undefined,
  offered: Set<string>,
) => leads.filter((l) => fitsContractor(l, contractor, offered)).map(availableLeadCard);

const row = (id: string, over: Partial<StoredLead> = {}): StoredLead => ({
  lead_id: id,
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '30301',
  description: 'd',
  submitted_at: new Date('2026-11-22T10:00:00Z'),
  price_cents: '3500',
  lead_type: 'premium',
  ...over,
});

describe('available lead cards', () => {
  it('keeps leads that fit the contractor or were offered to it, priced in dollars', () => {
    const cards = availableLeadCards(
      [
        row('fit'),
        row('other', { sub_service: 'plumbing' }),
        row('offered', { sub_service: 'plumbing', price_cents: null, lead_type: null }),
      ],
      { industry: 'home_services', sub_service: 'hvac' },
      new Set(['offered']),
    );
    expect(cards.map((c) => c.id)).toEqual(['fit', 'offered']);
    expect(cards[0]).toEqual({
      id: 'fit',
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      description: 'd',
      created_at: '2026-11-22T10:00:00.000Z',
      price: 35,
      lead_type: 'premium',
    });
    expect(cards[1]).toMatchObject({ price: 20, lead_type: 'standard' });
  });

  it('shows only offered leads to a contractor matching does not know', () => {
    expect(availableLeadCards([row('a'), row('b')], undefined, new Set(['b'])).map((c) => c.id)).toEqual(['b']);
  });
});
