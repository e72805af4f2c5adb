import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, REFUND_WINDOW_DAYS, withinRefundWindow } from './refunds.js';

describe('refund window', () => {
  it('allows exactly the window and says it', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    expect(withinRefundWindow(new Date('2026-01-03T00:00:00Z'), now)).toBe(true);
    expect(withinRefundWindow(new Date('2026-01-02T23:59:59Z'), now)).toBe(false);
    expect(REFUND_MESSAGES.requested).toContain(`${REFUND_WINDOW_DAYS} days`);
  });
});
