import { describe, expect, it } from 'vitest';
import { assertBalanced, fundingLines, promotionLines, purchaseLines, refundLines } from './ledger.js';

describe('ledger lines', () => {
  it('every builder balances', () => {
    for (const lines of [
      fundingLines('c', 500),
      promotionLines('c', -300),
      purchaseLines('c', 2000),
      refundLines('c', 2000),
    ]) {
      expect(() => assertBalanced(lines)).not.toThrow();
      expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(0);
    }
  });
  it('refuses an unbalanced, fractional or one-sided transaction', () => {
    expect(() =>
      assertBalanced([
        { accountId: 'a', amountCents: 5 },
        { accountId: 'b', amountCents: -4 },
      ]),
    ).toThrow(/balance/);
    expect(() =>
      assertBalanced([
        { accountId: 'a', amountCents: 0.5 },
        { accountId: 'b', amountCents: -0.5 },
      ]),
    ).toThrow();
    expect(() => assertBalanced([{ accountId: 'a', amountCents: 0 }])).toThrow();
  });
});
