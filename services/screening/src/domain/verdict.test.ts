import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateFingerprint } from './fingerprint.js';
import { verdictOf } from './verdict.js';

const result = (valid: boolean, reason: string) => ({ valid, reasons: valid ? [] : [reason] });

describe('verdictOf', () => {
  it('property: valid exactly when every check passes, and every failure is a reason', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (phone, email, content, dup, ip) => {
          const v = verdictOf({
            phone: result(phone, 'phone:x'),
            email: result(email, 'email:x'),
            content: result(content, 'content:x'),
            isDuplicate: dup,
            ipRateOk: ip,
          });
          const allOk = phone && email && content && !dup && ip;
          expect(v.status).toBe(allOk ? 'valid' : 'rejected');
          expect(v.reasons.length).toBe([!phone, !email, !content, dup, !ip].filter(Boolean).length);
          expect(v.validation_summary).toEqual({
            phone_valid: phone,
            email_valid: email,
            content_valid: content,
            is_duplicate: dup,
            ip_rate_ok: ip,
          });
        },
      ),
    );
  });
});

describe('duplicateFingerprint', () => {
  it('is the same for the same phone and service in any formatting or case', () => {
    expect(duplicateFingerprint('+1 (201) 555-0123', 'Home_Services', 'Plumbing ')).toBe(
      duplicateFingerprint('+12015550123', 'home_services', 'plumbing'),
    );
  });
  it('property: differs when the phone or the service differs; never contains the number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        fc.stringMatching(/^\d{10}$/),
        fc.constantFrom('hvac', 'plumbing', 'roofing'),
        (a, b, s) => {
          fc.pre(a !== b);
          expect(duplicateFingerprint(a, 'home', s)).not.toBe(duplicateFingerprint(b, 'home', s));
          expect(duplicateFingerprint(a, 'home', s)).not.toBe(duplicateFingerprint(a, 'legal', s));
          expect(duplicateFingerprint(a, 'home', s)).not.toContain(a);
        },
      ),
    );
  });
});
