import { describe, expect, it } from 'vitest';
import { customerFingerprint } from './customer-fingerprint.js';

describe('customerFingerprint', () => {
  it('is the same for one phone however it was written, and differs between phones', () => {
    const a = customerFingerprint('k'.repeat(32), '(713) 555-0142');
    expect(a).toBe(customerFingerprint('k'.repeat(32), '+1 713 555 0142'));
    expect(a).not.toBe(customerFingerprint('k'.repeat(32), '(713) 555-0143'));
  });

  it('depends on the key and never contains the number', () => {
    const a = customerFingerprint('k'.repeat(32), '(713) 555-0142')!;
    expect(a).not.toBe(customerFingerprint('j'.repeat(32), '(713) 555-0142'));
    expect(a).not.toContain('7135550142');
  });

  it('is null for an erased phone', () => {
    expect(customerFingerprint('k'.repeat(32), '')).toBeNull();
  });
});
