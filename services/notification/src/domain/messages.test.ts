import { describe, expect, it } from 'vitest';
import { claimLink, dashboardUrl, leadOfferSms, leadOfferSmsWriter } from './messages.js';

describe('notification texts', () => {
  it('builds the claim link from the public base URL', () => {
    expect(claimLink('https://leads.example/', 'abc_DEF-1')).toBe('https://leads.example/claim/abc_DEF-1');
  });

  it('builds the dashboard link from the public base URL, trailing slash or not', () => {
    expect(dashboardUrl('http://localhost:8080/')).toBe('http://localhost:8080/dashboard');
    expect(dashboardUrl('https://leads.example')).toBe('https://leads.example/dashboard');
  });

  it('offer SMS carries category, ZIP and link, no more', () => {
    const text = leadOfferSms({
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      price_cents: 2000,
      urgency: 'Emergency',
      link: 'https://x/claim/t',
    });
    expect(text).toContain('New Emergency Home Services - HVAC lead');
    expect(text).toContain('ZIP 30301');
    expect(text).toContain('$20.00');
    expect(text).toContain('https://x/claim/t');
    expect(text).not.toMatch(/confirmed|ago/);
  });

  it('offer SMS says what is known of the contact before buying, in words', () => {
    const now = new Date('2026-11-27T22:00:00Z');
    const base = {
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      price_cents: 2000,
      link: 'https://x/claim/t',
      submitted_at: '2026-11-27T21:48:00Z',
    };
    const confirmed = leadOfferSms(
      {
        ...base,
        facts: { phone_confirmed_at: '2026-11-27T21:55:00Z', line_type: 'mobile_or_landline', email_present: true },
      },
      now,
    );
    expect(confirmed).toContain(
      '($20.00), sent 12 minutes ago. Phone confirmed 5 minutes ago. Mobile or landline, email given.',
    );
    const unconfirmed = leadOfferSms(
      { ...base, facts: { phone_confirmed_at: null, line_type: 'mobile', email_present: false } },
      now,
    );
    expect(unconfirmed).toContain('Phone not confirmed yet. Mobile, no email.');
    expect(unconfirmed).not.toMatch(/mobile_or|_/);
    expect(unconfirmed).toContain('https://x/claim/t');
  });

  it('one lead’s offer SMS differ only in their claim links', () => {
    const now = new Date('2026-11-27T22:00:00Z');
    const lead = {
      service_category: 'home_services',
      sub_service: 'hvac',
      zip_code: '30301',
      price_cents: 2000,
      submitted_at: '2026-11-27T21:48:00Z',
      facts: { phone_confirmed_at: null, line_type: 'mobile' as const, email_present: true },
    };
    const write = leadOfferSmsWriter(lead, now);
    for (const link of ['https://x/claim/a', 'https://x/claim/b'])
      expect(write(link)).toBe(leadOfferSms({ ...lead, link }, now));
    expect(write('https://x/claim/a')).not.toContain('claim/b');
  });
});
