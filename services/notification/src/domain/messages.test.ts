import { describe, expect, it } from 'vitest';
import { claimLink, dashboardUrl, leadOfferSms } from './messages.js';

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
  });
});
