import { describe, expect, it } from 'vitest';
import type { LeadRow } from '../db/lead.repository.js';
import { claimPreview, leadWithContact, purchasedLeadsResponse } from './lead-views.js';

const base: LeadRow = {
  id: '00000000-0000-4000-8000-000000000001',
  customer_name: 'Jane Doe',
  phone: '+12125550147',
  email: 'jane@example.com',
  zip_code: '10001',
  service_category: 'home_services',
  sub_service: 'plumbing',
  description: 'Leaking kitchen sink needs repair',
  urgency: 'Standard',
  preferred_contractor_id: null,
  client_ip_hash: null,
  is_test: false,
  status: 'purchased',
  validation_summary: null,
  rejection_reasons: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
  screened_at: new Date('2026-01-01T00:00:01Z'),
  purchased_by: 'c1',
  purchase_id: '00000000-0000-4000-8000-0000000000aa',
  price_cents: 2550,
  purchase_channel: 'claim',
  purchased_at: new Date('2026-01-02T00:00:00Z'),
  completed_at: null,
  archived_at: null,
  expired_at: null,
  deleted_at: null,
  refunded_at: null,
  idempotency_key: null,
  request_hash: null,
  contacted_at: null,
  verdict_awaited: false,
  outcome: null,
  outcome_job_value_cents: null,
  outcome_lost_reason: null,
  outcome_note: null,
  outcome_at: null,
};

describe('lead views', () => {
  it('masks the contact before the claim and never carries the email', () => {
    const preview = claimPreview(base);
    expect(preview.customer_name).toBe('Jane D.');
    expect(preview.phone).toBe('(***) ***-**47');
    expect(JSON.stringify(preview)).not.toContain('jane@example.com');
    expect(JSON.stringify(preview)).not.toContain('5550147');
  });
  it('reveals the full contact after the claim', () => {
    expect(leadWithContact(base)).toMatchObject({
      customer_name: 'Jane Doe',
      phone: '+12125550147',
      email: 'jane@example.com',
    });
  });
  it('splits purchased leads by state with the price in dollars', () => {
    const out = purchasedLeadsResponse([
      base,
      { ...base, id: 'x2', status: 'archived' },
      { ...base, id: 'x3', status: 'completed' },
    ]);
    expect(out.purchased_leads).toHaveLength(1);
    expect(out.archived_leads[0]!.lead_id).toBe('x2');
    expect(out.completed_leads[0]!.lead_id).toBe('x3');
    expect(out.purchased_leads[0]).toMatchObject({
      price_paid: 25.5,
      leads: { customer_phone: '+12125550147', customer_email: 'jane@example.com' },
    });
  });
});
