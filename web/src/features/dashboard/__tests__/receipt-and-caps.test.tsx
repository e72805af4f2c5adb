import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, purchasedAnswer, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const LEAD = 'aaaaaaaa-0000-4000-8000-000000000000';
const bought = {
  id: 'p-1',
  lead_id: LEAD,
  purchased_at: '2026-11-20T10:00:00Z',
  price_paid: 31,
  leads: {
    customer_name: 'Erin Example',
    customer_phone: '+14158675309',
    customer_email: 'erin@example.com',
    zip_code: '67890',
    service_category: 'home_services',
    sub_service: 'hvac',
    description: 'No cooling',
    created_at: '2026-11-20T09:00:00Z',
  },
};
const facts = {
  lead_id: LEAD,
  contractor_id: 'c-1',
  purchase_id: 'bbbbbbbb-0000-4000-8000-000000000000',
  transaction_id: 'cccccccc-0000-4000-8000-000000000000',
  price_cents: 3100,
  price_row: 'home_services/hvac',
  lead_type: 'standard',
  price_source: 'trade',
  price_version: '7',
  priced_at: '2026-11-20T09:00:01.000Z',
  offered_at: '2026-11-20T09:00:02.000Z',
  offered_to: 3,
  purchased_at: '2026-11-20T10:00:00.000Z',
  other_purchases: 0,
  phone_confirmed_at: '',
};
const receipt = {
  success: true,
  receipt: facts,
  code: 'ab'.repeat(32),
  exclusive: true,
  statement: 'This lead was sold once, to this buyer only: no other purchase of it exists.',
  verify_function: 'verify-lead-receipt',
};

describe('Exclusive — verify on the purchased card', () => {
  it('opens the receipt, verifies it through the public check and says so in plain words', async () => {
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [bought] }),
      'get-lead-receipt': () => ({ body: receipt }),
      'verify-lead-receipt': () => ({
        body: { success: true, valid: true, status: 'valid', verdict: 'Valid: …' },
      }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: /Exclusive — verify/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of exclusivity' });
    const verdict = await within(dialog).findByTestId('receipt-verdict');
    expect(verdict.textContent).toContain('Exclusive — verified');
    expect(verdict.textContent).toContain('no other purchase of it exists');
    expect(within(dialog).getByText('$31.00')).toBeTruthy();
    expect(
      within(dialog).getByText(/Home Services — HVAC \(Standard\), its trade’s price, price change #7/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/to 3 contractors/)).toBeTruthy();
    expect(within(dialog).getByTestId('receipt-code').textContent).toBe('ab'.repeat(32));
    // The receipt is asked for the session's lead, and checked as anyone would: facts + code, no token.
    const asked = api.callsTo('get-lead-receipt')[0]!;
    expect(asked.query.get('lead_id')).toBe(LEAD);
    expect(asked.authorization).toBe('Bearer tok-1');
    const checked = api.callsTo('verify-lead-receipt')[0]!;
    expect(checked.body).toEqual({ receipt: facts, code: 'ab'.repeat(32) });
    expect(checked.authorization).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says plainly when the receipt does not verify, and when it cannot be loaded', async () => {
    let verifyOk = false;
    mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [bought] }),
      'get-lead-receipt': () =>
        verifyOk
          ? { body: receipt }
          : { status: 404, body: { message: 'No purchase of this lead by your account was found.' } },
      'verify-lead-receipt': () => ({
        body: {
          success: true,
          valid: false,
          status: 'refunded',
          verdict: 'No longer valid: this receipt was valid, but the purchase has since been refunded.',
        },
      }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: /Exclusive — verify/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('No purchase of this lead by your account was found.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    verifyOk = true;
    await user.click(screen.getByRole('button', { name: /Exclusive — verify/ }));
    const verdict = await screen.findByTestId('receipt-verdict');
    expect(verdict.textContent).toContain('This receipt did not verify');
    expect(verdict.textContent).toContain('the purchase has since been refunded');
  });
});

const caps = {
  success: true,
  daily_cap: 60,
  weekly_cap: null,
  max_lead_price: null,
  auto_reload_max_per_day: null,
  auto_reload_max_per_month: null,
  spent_today: 40,
  spent_this_week: 40,
  day_resets_at: '2026-11-21T00:00:00.000Z',
  week_resets_at: '2026-11-23T00:00:00.000Z',
};

describe('Spend caps in Settings', () => {
  it('shows the caps and the spend, sends the fields and shows each server message beside its field', async () => {
    let refuse = true;
    const api = mockDashboardServer(newWorld(), {
      'spend-caps': (call) => {
        if (call.method === 'GET') return { body: caps };
        if (refuse)
          return {
            status: 400,
            body: {
              message: 'The weekly cap cannot be lower than the daily cap.',
              field: 'weekly_cap',
              field_errors: { weekly_cap: 'The weekly cap cannot be lower than the daily cap.' },
            },
          };
        return { body: { ...caps, weekly_cap: 200, message: 'Spend caps saved' } };
      },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const form = (await screen.findByRole('heading', { name: 'Spend caps' })).closest('form')!;
    const daily = within(form).getByLabelText(/Daily spend cap/) as HTMLInputElement;
    await waitFor(() => expect(daily.value).toBe('60.00'));
    expect(within(form).getByTestId('spend-usage').textContent).toMatch(/Spent today: \$40\.00 of \$60\.00/);
    const weekly = within(form).getByLabelText(/Weekly spend cap/) as HTMLInputElement;
    await user.type(weekly, '30');
    await user.click(within(form).getByRole('button', { name: 'Save spend caps' }));
    await within(form).findByText('The weekly cap cannot be lower than the daily cap.');
    expect(weekly.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(weekly));
    expect(api.callsTo('spend-caps').find((c) => c.method === 'POST')!.body).toMatchObject({
      daily_cap: '60.00',
      weekly_cap: '30',
      max_lead_price: '',
    });

    refuse = false;
    await user.clear(weekly);
    await user.type(weekly, '200');
    await user.click(within(form).getByRole('button', { name: 'Save spend caps' }));
    expect(await screen.findByText('Spend caps saved')).toBeTruthy();
    expect(within(form).queryByText('The weekly cap cannot be lower than the daily cap.')).toBeNull();
  });
});
