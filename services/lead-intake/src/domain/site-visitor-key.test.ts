import { describe, expect, it } from 'vitest';
import { utcDay, visitorKey } from './site-visitor-key.js';

describe('visitorKey', () => {
  it('is stable for one visitor on one day and never contains the IP', () => {
    const a = visitorKey('salt', '2026-11-22', '203.0.113.7', 'UA');
    expect(visitorKey('salt', '2026-11-22', '203.0.113.7', 'UA')).toBe(a);
    expect(a).not.toContain('203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the day, the salt, the IP and the user agent', () => {
    const base = visitorKey('salt', '2026-11-22', '203.0.113.7', 'UA');
    expect(visitorKey('salt', '2026-11-23', '203.0.113.7', 'UA')).not.toBe(base);
    expect(visitorKey('other', '2026-11-22', '203.0.113.7', 'UA')).not.toBe(base);
    expect(visitorKey('salt', '2026-11-22', '203.0.113.8', 'UA')).not.toBe(base);
    expect(visitorKey('salt', '2026-11-22', '203.0.113.7', 'UA2')).not.toBe(base);
  });
});

describe('utcDay', () => {
  it('uses the UTC calendar day', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59-05:00'))).toBe('2026-11-23');
    expect(utcDay(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });
});
