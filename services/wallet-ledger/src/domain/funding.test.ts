import { AUTO_RELOAD_THRESHOLD_RANGE, MESSAGES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { AUTO_RELOAD_MESSAGES, checkFundingAmount, checkReloadDollars, needsReload } from './funding.js';

describe('funding amount', () => {
  it('gives the spec messages', () => {
    expect(checkFundingAmount('abc')).toEqual({ ok: false, message: MESSAGES.contractor.invalidAmount });
    expect(checkFundingAmount(undefined)).toEqual({ ok: false, message: MESSAGES.contractor.invalidAmount });
    expect(checkFundingAmount(99.99)).toEqual({ ok: false, message: MESSAGES.contractor.minimumFunding });
    expect(checkFundingAmount(10000.01)).toEqual({ ok: false, message: MESSAGES.contractor.maximumFunding });
  });
  it('accepts the bounds in cents', () => {
    expect(checkFundingAmount(100)).toEqual({ ok: true, cents: 10000 });
    expect(checkFundingAmount('10000')).toEqual({ ok: true, cents: 1000000 });
  });
  it('checks auto-reload ranges and the trigger', () => {
    expect(checkReloadDollars(9, AUTO_RELOAD_THRESHOLD_RANGE, AUTO_RELOAD_MESSAGES.threshold).ok).toBe(false);
    expect(checkReloadDollars(500, AUTO_RELOAD_THRESHOLD_RANGE, AUTO_RELOAD_MESSAGES.threshold)).toEqual({
      ok: true,
      cents: 50000,
    });
    expect(needsReload({ enabled: true, thresholdCents: 2000 }, 1999)).toBe(true);
    expect(needsReload({ enabled: true, thresholdCents: 2000 }, 2000)).toBe(false);
    expect(needsReload({ enabled: false, thresholdCents: 2000 }, 0)).toBe(false);
  });
});
