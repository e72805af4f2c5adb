import { describe, expect, it } from 'vitest';
import { runningBalances, statementCsv, statementLabel } from './statement.js';

const facts = { description: '', service_category: null, sub_service: null, zip_code: null };

describe('wallet statement', () => {
  it('labels every kind in words, naming the lead for purchases and refunds and the note for adjustments', () => {
    expect(statementLabel({ ...facts, kind: 'signup_credit' })).toBe('Signup credit');
    expect(statementLabel({ ...facts, kind: 'wallet_funding' })).toBe('Card payment');
    expect(statementLabel({ ...facts, kind: 'auto_reload' })).toBe('Auto-reload (card)');
    expect(
      statementLabel({
        ...facts,
        kind: 'lead_purchase',
        service_category: 'home_services',
        sub_service: 'hvac',
        zip_code: '94107',
      }),
    ).toBe('Lead purchase: Home Services, HVAC (ZIP 94107)');
    expect(statementLabel({ ...facts, kind: 'refund', service_category: 'Plumbing', sub_service: 'plumbing' })).toBe(
      'Refund: Plumbing',
    );
    expect(statementLabel({ ...facts, kind: 'admin_adjustment', description: 'Admin adjustment: goodwill' })).toBe(
      'Adjustment by support: goodwill',
    );
  });

  it('an automatic credit names the lead and its reason; a reversal the admin reason', () => {
    const lead = { service_category: 'home_services', sub_service: 'hvac', zip_code: '94107' };
    expect(
      statementLabel({
        ...lead,
        kind: 'auto_credit',
        description: "Automatic credit for lead 1234abcd: The customer's phone number cannot receive calls or texts",
      }),
    ).toBe(
      "Automatic credit: Home Services, HVAC (ZIP 94107) — The customer's phone number cannot receive calls or texts",
    );
    expect(
      statementLabel({
        ...lead,
        kind: 'auto_credit_reversal',
        description: 'Automatic credit reversed for lead 1234abcd: the customer answered later',
      }),
    ).toBe('Automatic credit reversed: Home Services, HVAC (ZIP 94107) — the customer answered later');
  });

  it('running balances add up from the opening balance', () => {
    expect(runningBalances([2500, 15000, -2000, 2000, -500])).toEqual([2500, 17500, 15500, 17500, 17000]);
    expect(runningBalances([], 100)).toEqual([]);
  });

  it('CSV quotes commas and neutralises formula-looking text, keeps amounts numeric', () => {
    const csv = statementCsv([
      {
        occurred_at: '2026-11-22T10:00:00.000Z',
        label: '=HYPERLINK("x"), y',
        kind: 'admin_adjustment',
        lead_id: null,
        amount_cents: -3000,
        balance_after_cents: 439000,
        transaction_id: 't1',
      },
    ]);
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe('Date (UTC),Description,Type,Lead ID,Amount (USD),Balance after (USD),Transaction ID');
    expect(row).toBe(`2026-11-22T10:00:00.000Z,"'=HYPERLINK(""x""), y",Adjustment by support,,-30.00,4390.00,t1`);
  });

  it('CSV neutralises full-width formula characters too', () => {
    const entry = {
      occurred_at: 'x',
      kind: 'admin_adjustment',
      lead_id: null,
      amount_cents: 0,
      balance_after_cents: 0,
      transaction_id: 't',
    };
    const csv = statementCsv(['＝1+1', '＋1', '－1', '＠cmd'].map((label) => ({ ...entry, label })));
    const descriptions = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(descriptions).toEqual(["'＝1+1", "'＋1", "'－1", "'＠cmd"]);
  });
});
