import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAdminApi } from '../api/admin-api';
import { ContractorPage } from '../components/contractor-page';
import { mockFunctions } from '../../../test/fetch-mock';

const contractor = {
  id: 'C-ABC123',
  business_name: 'Cool Air LLC',
  contact_name: 'Dana Diaz',
  email: 'dana@coolair.test',
  phone: '(415) 555-0134',
  industry: 'home_services',
  sub_service: 'hvac',
  zip_codes: ['94107', '94110'],
  sms_opt_in: true,
  created_at: '2026-11-01T10:00:00Z',
  wallet_balance: 0,
  total_leads_purchased: 0,
  total_spend: 0,
};

// The admin service's answer, its statement in the shape of wallet-ledger's
// GET /internal/wallets/:id/statement (money turned into dollars by the admin service).
const page = (statement: unknown) => ({
  contractor,
  statement,
  leads_bought: {
    available: true,
    leads: [
      {
        id: 'l-1',
        customer_name: 'Robin Customer',
        service_category: 'home_services',
        sub_service: 'hvac',
        zip_code: '94107',
        claimed_at: '2026-11-02T10:00:00Z',
        is_archived: false,
      },
    ],
  },
  refunds: {
    available: true,
    requests: [
      {
        id: 'r-1',
        lead_id: 'l-1',
        amount: 31,
        status: 'pending',
        reason: 'Number disconnected',
        requested_at: '2026-11-03T10:00:00Z',
        processed_at: null,
        admin_notes: null,
        lead: { customer_name: 'Robin Customer' },
      },
    ],
  },
  sms_consent: {
    available: true,
    records: [
      {
        opted_in: true,
        source: 'signup',
        wording: 'I agree to receive SMS notifications about new leads.',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0',
        recorded_at: '2026-11-01T10:00:00Z',
      },
    ],
  },
});

const STATEMENT = {
  available: true,
  balance: 4390,
  total: 3,
  limit: 25,
  offset: 0,
  entries: [
    {
      transaction_id: 't-3',
      occurred_at: '2026-11-02T10:00:00Z',
      kind: 'lead_purchase',
      label: 'Lead purchase',
      lead_id: 'l-1',
      amount: -31,
      balance_after: 4390,
    },
    {
      transaction_id: 't-2',
      occurred_at: '2026-11-01T11:00:00Z',
      kind: 'wallet_funding',
      label: 'Wallet funding',
      lead_id: null,
      amount: 4396,
      balance_after: 4421,
    },
    {
      transaction_id: 't-1',
      occurred_at: '2026-11-01T10:00:00Z',
      kind: 'signup_credit',
      label: '',
      lead_id: null,
      amount: 25,
      balance_after: 25,
    },
  ],
};

function setup(statement: unknown) {
  const calls = mockFunctions({ 'admin-contractor': () => ({ body: page(statement) }) });
  const notify = { success: vi.fn(), error: vi.fn() };
  const onBack = vi.fn();
  render(
    <ContractorPage
      api={createAdminApi('tok', vi.fn())}
      contractorId="C-ABC123"
      notify={notify}
      onBack={onBack}
      onChanged={vi.fn()}
    />,
  );
  return { calls, onBack };
}

describe('admin contractor page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows profile, statement with running balance, leads bought, refunds and the SMS consent record', async () => {
    const { calls, onBack } = setup(STATEMENT);
    expect(screen.getByText('Loading contractor…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Cool Air LLC' });
    expect(calls[0]?.query.get('contractor_id')).toBe('C-ABC123');
    expect(screen.getAllByText('Home Services · HVAC')).toHaveLength(2);
    const statement = screen.getByRole('heading', { name: 'Wallet statement' }).parentElement!;
    expect(within(statement).getByText('$4,390.00', { selector: 'strong' })).toBeTruthy();
    const rows = within(statement).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Lead purchase', '-$31.00', '$4,390.00'],
      ['Wallet funding', '$4,396.00', '$4,421.00'],
      ['Signup credit', '$25.00', '$25.00'],
    ]);
    expect(screen.getByText('Showing 1–3 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Leads bought (1 lead)' })).toBeTruthy();
    expect(screen.getAllByText('Robin Customer')).toHaveLength(2);
    expect(screen.getByText('Number disconnected')).toBeTruthy();
    const consent = screen.getByRole('heading', { name: 'SMS consent record' }).parentElement!;
    expect(consent.textContent).toContain('Agreed to SMS');
    expect(consent.textContent).toContain('203.0.113.7');
    expect(consent.textContent).toContain('I agree to receive SMS notifications about new leads.');
    expect(screen.getByRole('button', { name: 'Adjust Balance' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete contractor' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '← Back to contractors' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('says when the statement cannot be read instead of showing an empty one', async () => {
    setup({ available: false, reason: 'Service temporarily unavailable (wallet-ledger)' });
    await screen.findByRole('heading', { name: 'Cool Air LLC' });
    expect(
      screen.getByText(
        'The wallet statement is not available right now (Service temporarily unavailable (wallet-ledger)).',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('No wallet entries yet')).toBeNull();
  });
});
