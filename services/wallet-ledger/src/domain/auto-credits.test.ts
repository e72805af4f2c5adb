import { describe, expect, it } from 'vitest';
import { evidenceLines, repeatPurchases, type FingerprintedPurchase } from './auto-credits.js';

const day = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * day);
const p = (id: string, days: number, refunded = false): FingerprintedPurchase => ({
  purchase_id: id,
  lead_id: `lead-${id}`,
  purchased_at: at(days),
  refunded,
});

describe('repeatPurchases', () => {
  it('credits the later of two purchases of one customer within 30 days, naming the earlier', () => {
    const repeats = repeatPurchases([p('b', 10), p('a', 0)]);
    expect(repeats.map((r) => [r.purchase.purchase_id, r.earlier.purchase_id])).toEqual([['b', 'a']]);
  });

  it('does not credit a purchase more than 30 days after the earlier one', () => {
    expect(repeatPurchases([p('a', 0), p('b', 31)])).toEqual([]);
  });

  it('an earlier purchase that was refunded does not make a repeat', () => {
    expect(repeatPurchases([p('a', 0, true), p('b', 3)])).toEqual([]);
  });

  it('a third purchase repeats the first paid one, not the credited second', () => {
    const repeats = repeatPurchases([p('a', 0), p('b', 5), p('c', 20)]);
    expect(repeats.map((r) => [r.purchase.purchase_id, r.earlier.purchase_id])).toEqual([
      ['b', 'a'],
      ['c', 'a'],
    ]);
  });

  it('a purchase already refunded is not credited again', () => {
    expect(repeatPurchases([p('a', 0), p('b', 2, true)])).toEqual([]);
  });
});

describe('evidenceLines', () => {
  it('words the failed text with its code, time and message id', () => {
    const lines = evidenceLines('customer_unreachable', {
      provider: 'twilio',
      provider_message_id: 'SM123',
      error_code: '30006',
      error_message: 'Landline or unreachable carrier',
      reported_via: 'status_callback',
      failed_at: '2026-11-23T01:00:00.000Z',
    });
    expect(lines.map((l) => l.value).join(' | ')).toMatch(/30006 — Landline or unreachable carrier/);
    expect(lines.find((l) => l.label === 'Message id')?.value).toBe('twilio SM123');
  });

  it('names the earlier lead of a repeat by its short id', () => {
    const lines = evidenceLines('repeat_lead', {
      earlier_lead_id: '0123abcd-0000-4000-8000-000000000000',
      earlier_purchase_id: 'x',
      earlier_purchased_at: '2026-11-20T10:00:00.000Z',
      purchased_at: '2026-11-23T10:00:00.000Z',
    });
    expect(lines[0]).toEqual({ label: 'Same customer phone as lead', value: '0123abcd' });
  });
});
