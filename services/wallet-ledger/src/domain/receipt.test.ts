import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalReceipt,
  codeMatches,
  differingFacts,
  RECEIPT_FACT_NAMES,
  receiptCode,
  type ReceiptFacts,
} from './receipt.js';

const facts: ReceiptFacts = {
  lead_id: '6f1c1d1e-0000-4000-8000-000000000001',
  contractor_id: 'c_1',
  purchase_id: '6f1c1d1e-0000-4000-8000-000000000002',
  transaction_id: '6f1c1d1e-0000-4000-8000-000000000003',
  price_cents: 3100,
  price_row: 'home_services/hvac',
  lead_type: 'standard',
  price_source: 'trade',
  price_version: '7',
  priced_at: '2026-11-23T10:00:00.000Z',
  offered_at: '2026-11-23T10:00:01.000Z',
  offered_to: 3,
  purchased_at: '2026-11-23T10:05:00.000Z',
  other_purchases: 0,
  phone_confirmed_at: '2026-11-23T10:02:00.000Z',
};

describe('receipt code', () => {
  it('verifies the facts it was made from with the same key', () => {
    expect(codeMatches('k', facts, receiptCode('k', facts))).toBe(true);
  });

  it('fails with another key or a malformed code', () => {
    expect(codeMatches('other', facts, receiptCode('k', facts))).toBe(false);
    expect(codeMatches('k', facts, 'not-a-code')).toBe(false);
  });

  it.each(RECEIPT_FACT_NAMES)('fails when %s changes', (name) => {
    const code = receiptCode('k', facts);
    const changed = { ...facts, [name]: typeof facts[name] === 'number' ? Number(facts[name]) + 1 : `${facts[name]}x` };
    expect(codeMatches('k', changed, code)).toBe(false);
    expect(differingFacts(changed, facts)).toEqual([name]);
  });

  it('cannot be confused by separators inside a value', () => {
    const a = { ...facts, price_row: 'a\nlead_type="x"' };
    expect(canonicalReceipt(a)).not.toBe(canonicalReceipt({ ...facts, price_row: 'a', lead_type: 'x' }));
  });

  it('still verifies a receipt signed before the phone confirmation was a fact (receipt-v1)', () => {
    const { phone_confirmed_at: _, ...v1Facts } = facts;
    const v1 = ['receipt-v1', ...Object.entries(v1Facts).map(([name, value]) => `${name}=${JSON.stringify(value)}`)];
    const code = createHmac('sha256', 'k').update(v1.join('\n')).digest('hex');
    expect(codeMatches('k', { ...facts, phone_confirmed_at: '' }, code)).toBe(true);
    // A v1 code cannot vouch for a confirmation: it never signed one.
    expect(codeMatches('k', facts, code)).toBe(false);
    expect(codeMatches('k', { ...facts, phone_confirmed_at: '', price_cents: 1 }, code)).toBe(false);
  });
});
