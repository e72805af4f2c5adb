import { describe, expect, it } from 'vitest';
import {
  checkOutcome,
  formatPercent,
  formatRoiRatio,
  OUTCOME_MESSAGES,
  outcomeCategoryOf,
  outcomeRecordedMessage,
  parseDollarsToCents,
} from './outcomes.js';
import { LeadOutcomeRecordedV1 } from './events/outcomes.js';

describe('job values typed in dollars', () => {
  it.each([
    ['$1,200', 120_000],
    ['1200', 120_000],
    ['$ 800.5', 80_050],
    ['1,234,567.89', 123_456_789],
    ['.99', 99],
    [850, 85_000],
  ])('%s is %i cents', (typed, cents) => {
    expect(parseDollarsToCents(typed)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', OUTCOME_MESSAGES.jobValueNotANumber],
    ['twelve hundred', OUTCOME_MESSAGES.jobValueNotANumber],
    ['1,2', OUTCOME_MESSAGES.jobValueNotANumber],
    ['12.345', OUTCOME_MESSAGES.jobValueTooManyDecimals],
    ['-50', OUTCOME_MESSAGES.jobValueNotPositive],
  ])('%j is refused in words', (typed, message) => {
    expect(parseDollarsToCents(typed)).toEqual({ ok: false, message });
  });
});

describe('the rules of one outcome', () => {
  it('won needs a positive job value within the maximum, kept in cents', () => {
    expect(checkOutcome({ outcome: 'won', job_value: '$1,200' })).toEqual({
      ok: true,
      value: { outcome: 'won', job_value_cents: 120_000, lost_reason: null, note: null },
    });
    expect(checkOutcome({ outcome: 'won' })).toMatchObject({ ok: false, field: 'job_value' });
    expect(checkOutcome({ outcome: 'won', job_value: '0' })).toMatchObject({
      ok: false,
      message: OUTCOME_MESSAGES.jobValueNotPositive,
    });
    expect(checkOutcome({ outcome: 'won', job_value: '1000000.01' })).toMatchObject({
      ok: false,
      message: OUTCOME_MESSAGES.jobValueTooHigh,
    });
  });

  it('lost needs a reason from the list; value and reason are refused with the wrong outcome', () => {
    expect(checkOutcome({ outcome: 'lost', lost_reason: 'price', note: '  went with a cheaper quote ' })).toEqual({
      ok: true,
      value: { outcome: 'lost', job_value_cents: null, lost_reason: 'price', note: 'went with a cheaper quote' },
    });
    expect(checkOutcome({ outcome: 'lost', lost_reason: 'weather' })).toMatchObject({
      ok: false,
      field: 'lost_reason',
      message: OUTCOME_MESSAGES.lostReasonRequired,
    });
    expect(checkOutcome({ outcome: 'quoted', job_value: '500' })).toMatchObject({ ok: false, field: 'job_value' });
    expect(checkOutcome({ outcome: 'won', job_value: '500', lost_reason: 'price' })).toMatchObject({
      ok: false,
      field: 'lost_reason',
    });
    expect(checkOutcome({ outcome: 'never_reached', job_value: '', lost_reason: null })).toMatchObject({ ok: true });
    expect(checkOutcome({ outcome: 'contacted', note: 'x'.repeat(501) })).toMatchObject({ ok: false, field: 'note' });
  });

  it('says what was kept in words, and names categories by their labels', () => {
    expect(outcomeRecordedMessage({ outcome: 'won', job_value_cents: 120_000, lost_reason: null })).toBe(
      'Marked as won: $1,200.00.',
    );
    expect(outcomeRecordedMessage({ outcome: 'lost', job_value_cents: null, lost_reason: 'not_ready' })).toBe(
      'Marked as lost (Not ready or postponed).',
    );
    expect(outcomeRecordedMessage({ outcome: 'never_reached', job_value_cents: null, lost_reason: null })).toBe(
      'Marked as never reached.',
    );
    expect(outcomeCategoryOf('home_services', 'hvac')).toEqual({ key: 'home_services/hvac', label: 'HVAC' });
    expect(outcomeCategoryOf('legal', 'personal_injury')).toEqual({ key: 'legal', label: 'Legal' });
    expect([formatPercent(66.67), formatPercent(100), formatPercent(1566.67)]).toEqual(['66.7%', '100%', '1,566.7%']);
    expect(formatRoiRatio(16.67)).toBe('16.7:1');
  });
});

describe('LeadOutcomeRecorded', () => {
  it('carries the outcome only: a note or contact put in by mistake is dropped before it leaves', () => {
    const data = LeadOutcomeRecordedV1.parse({
      lead_id: '00000000-0000-4000-8000-000000000001',
      contractor_id: 'c-1',
      outcome: 'never_reached',
      job_value_cents: null,
      lost_reason: null,
      previous_outcome: 'contacted',
      recorded_at: '2026-11-27T21:00:00Z',
      note: 'her cell is 415 867 5309',
      phone: '+14158675309',
      customer_name: 'Jane Doe',
    });
    expect(Object.keys(data).sort()).toEqual([
      'contractor_id',
      'job_value_cents',
      'lead_id',
      'lost_reason',
      'outcome',
      'previous_outcome',
      'recorded_at',
    ]);
  });
});
