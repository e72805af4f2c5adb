import { describe, expect, it } from 'vitest';
import { availableLeadCard, type StoredLead } from './available-leads.js';

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

// Which leads are listed is the query's (test/available-leads-query.test.ts); this is the card.
describe('available lead card', () => {
  it('shows the lead priced in dollars, its time in ISO, never contact details', () => {
    expect(availableLeadCard(row('fit'))).toEqual({
      id: 'fit',
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      description: 'd',
      created_at: '2026-11-22T10:00:00.000Z',
      price: 35,
      lead_type: 'premium',
      phone_confirmed_at: null,
      line_type: null,
      email_present: null,
    });
  });

  it('prices an unpriced lead at the default and shows an unknown type as standard', () => {
    expect(availableLeadCard(row('x', { price_cents: null, lead_type: null }))).toMatchObject({
      price: 20,
      lead_type: 'standard',
    });
    expect(availableLeadCard(row('y', { lead_type: 'mystery' })).lead_type).toBe('standard');
  });
});

describe('what a card tells of the contact', () => {
  it('says when the phone was confirmed, its line type and whether an email was given', () => {
    const card = availableLeadCard(
      row('c', { phone_confirmed_at: new Date('2026-11-22T10:05:00Z'), line_type: 'mobile', email_present: true }),
    );
    expect(card).toMatchObject({
      phone_confirmed_at: '2026-11-22T10:05:00.000Z',
      line_type: 'mobile',
      email_present: true,
    });
    expect(availableLeadCard(row('u', { line_type: 'fax' })).line_type).toBeNull();
  });
});
