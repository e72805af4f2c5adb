import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutoCredit } from '@leadmarket/contracts';
import { AutoCredits } from '../components/auto-credits';
import { mockFunctions } from '../../../test/fetch-mock';

const session = { contractorId: 'c-1', token: 'tok-1' };
afterEach(() => vi.unstubAllGlobals());

const rules = [
  { rule: 'customer_unreachable', description: 'Full refund when the text to the customer fails for good.' },
  { rule: 'repeat_lead', description: 'Full refund when you bought the same customer in the last 30 days.' },
];
const credit = (over: Partial<AutoCredit> = {}): AutoCredit => ({
  id: 'ac-1',
  lead_id: '0123abcd-0000-4000-8000-000000000000',
  purchase_id: 'p-1',
  rule: 'customer_unreachable',
  reason: "The customer's phone number cannot receive calls or texts",
  evidence: [
    { label: 'Error', value: '30006 — Landline or unreachable carrier' },
    { label: 'Message id', value: 'twilio SM123' },
  ],
  amount_cents: 123450,
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '94107',
  observed_at: '2026-11-23T01:00:00.000Z',
  credited_at: '2026-11-23T01:00:02.000Z',
  status: 'credited',
  reversed_at: null,
  reversal_notes: null,
  ...over,
});

function renderCredits(answer: Parameters<typeof mockFunctions>[0][string]) {
  const api = mockFunctions({ 'get-auto-credits': answer });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AutoCredits session={session} />
    </SWRConfig>,
  );
  return api;
}

describe('Automatic credits on the Wallet tab', () => {
  it('lists each credit with its reason, lead, amount as people write it, and the evidence', async () => {
    const api = renderCredits(() => ({ body: { rules, credits: [credit()] } }));
    const item = await screen.findByTestId('auto-credit');
    expect(within(item).getByText("The customer's phone number cannot receive calls or texts")).toBeTruthy();
    expect(item.textContent).toContain('Lead 0123abcd');
    expect(item.textContent).toContain('ZIP 94107');
    expect(item.textContent).toContain('+$1,234.50');
    const evidence = within(item).getByLabelText('Evidence for lead 0123abcd');
    expect(within(evidence).getByText('Error').nextElementSibling?.textContent).toBe(
      '30006 — Landline or unreachable carrier',
    );
    expect(within(evidence).getByText('twilio SM123')).toBeTruthy();
    // The rules are spelled out even before any credit, so a contractor knows what is refunded.
    expect(screen.getByText(rules[1]!.description)).toBeTruthy();
    expect(api.callsTo('get-auto-credits')[0]!.authorization).toBe('Bearer tok-1');
  });

  it('says when a credit was reversed and why', async () => {
    renderCredits(() => ({
      body: {
        rules,
        credits: [
          credit({
            status: 'reversed',
            reversed_at: '2026-11-24T10:00:00.000Z',
            reversal_notes: 'the customer answered',
          }),
        ],
      },
    }));
    const item = await screen.findByTestId('auto-credit');
    expect(item.textContent).toContain('Reversed $1,234.50');
    expect(item.textContent).toContain('the customer answered');
  });

  it('shows an empty state when there is none', async () => {
    renderCredits(() => ({ body: { rules, credits: [] } }));
    expect(await screen.findByText('No automatic credits yet.')).toBeTruthy();
  });

  it('shows the failure in words when the credits cannot be loaded', async () => {
    renderCredits(() => ({ status: 503, body: { message: 'Service temporarily unavailable' } }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/unavailable|Failed to load the automatic credits/);
  });
});
