import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE_EMAIL_DOMAINS } from './disposable-domains.js';
import { checkEmail, emailDomain } from './email-check.js';

describe('checkEmail', () => {
  it('passes a missing (optional) email and plausible addresses', () => {
    expect(checkEmail(null).valid).toBe(true);
    expect(checkEmail('').valid).toBe(true);
    expect(checkEmail('jane.doe+home@example.co.uk').valid).toBe(true);
  });
  it('refuses bad syntax and bad domain shapes', () => {
    for (const bad of [
      'plainaddress',
      'a@b',
      'a@@b.com',
      '.a@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b.c0m',
      'a b@c.com',
      'a@b_c.com',
    ]) {
      expect(checkEmail(bad), bad).toEqual({ valid: false, reasons: ['email:invalid_syntax'] });
    }
  });
  it('refuses disposable domains and their subdomains', () => {
    expect(checkEmail('x@mailinator.com').reasons).toEqual(['email:disposable_domain']);
    expect(checkEmail('x@eu.Mailinator.com').reasons).toEqual(['email:disposable_domain']);
  });
  it('property: every disposable provider is refused, whatever the mailbox', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.constantFrom(...DISPOSABLE_EMAIL_DOMAINS),
        (local, domain) => {
          expect(checkEmail(`${local}@${domain}`).valid).toBe(false);
        },
      ),
    );
  });
  it('property: a well-formed address on an ordinary domain passes', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z]{3,12}$/),
        fc.constantFrom('com', 'net', 'org', 'us'),
        (local, name, tld) => {
          fc.pre(!DISPOSABLE_EMAIL_DOMAINS.has(`${name}.${tld}`));
          expect(checkEmail(`${local}@${name}.${tld}`).valid).toBe(true);
          expect(emailDomain(`${local}@${name}.${tld}`)).toBe(`${name}.${tld}`);
        },
      ),
    );
  });
  it('property: anything without exactly a non-empty local part and domain is refused', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !s.includes('@')),
        (s) => {
          expect(checkEmail(s).valid).toBe(s.trim() === '');
        },
      ),
    );
  });
});
