import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRICE_MESSAGES } from '@leadmarket/contracts/pricing';
import { createAdminApi } from '../api/admin-api';
import { PricingTab } from '../components/pricing-tab';
import { mockFunctions } from '../../../test/fetch-mock';

const history = Array.from({ length: 12 }, (_, i) => ({
  category: 'home_services',
  sub_service: 'hvac',
  lead_type: 'standard',
  old_price: i === 0 ? null : 20 + i,
  new_price: i === 1 ? null : 21 + i,
  timestamp: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
  admin_email: 'ops@example.com',
}));

const PRICES = [
  { category: 'home_services', sub_service: 'hvac', lead_type: 'standard', price: 25 },
  { category: 'home_services', sub_service: '', lead_type: 'premium', price: 40 },
];

function setup(handlers: Parameters<typeof mockFunctions>[0] = {}) {
  const calls = mockFunctions({
    'admin-lead-pricing': (req) => (req.method === 'GET' ? { body: PRICES } : { body: { success: true } }),
    'admin-pricing-history': () => ({ body: history }),
    ...handlers,
  });
  const notify = { success: vi.fn(), error: vi.fn() };
  render(<PricingTab api={createAdminApi('tok', vi.fn())} notify={notify} refreshKey={0} />);
  return { calls, notify };
}

describe('lead pricing tab', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a placeholder until prices arrive, then a row per industry and per Home Services trade', async () => {
    setup();
    expect(screen.getAllByText('Loading prices…').length).toBeGreaterThan(0);
    const input = await screen.findByLabelText('HVAC Standard price');
    expect((input as HTMLInputElement).value).toBe('25.00');
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0');
    for (const label of ['Home Services Standard price', 'Roofing Emergency price', 'Auto Standard price'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.queryByLabelText('automotive Standard price')).toBeNull();
  });

  it('says which row an empty cell falls back to', async () => {
    setup();
    const hvacPremium = await screen.findByLabelText('HVAC Premium price');
    expect((hvacPremium as HTMLInputElement).value).toBe('');
    expect((hvacPremium as HTMLInputElement).placeholder).toBe('40.00');
    const note = document.getElementById(hvacPremium.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe('$40.00 from Home Services price');
    const plumbingEmergency = screen.getByLabelText('Plumbing Emergency price');
    expect(document.getElementById(plumbingEmergency.getAttribute('aria-describedby')!)!.textContent).toBe(
      '$20.00 from default',
    );
  });

  it('saves one cell with its row and announces the spec text', async () => {
    const { calls, notify } = setup();
    fireEvent.change(await screen.findByLabelText('HVAC Premium price'), { target: { value: '45.5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Premium price' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Updated HVAC premium pricing to $45.50', 3000));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      category: 'home_services',
      sub_service: 'hvac',
      lead_type: 'premium',
      price: 45.5,
      confirm_zero: false,
    });
  });

  it('refuses an empty or negative price beside the cell and sends nothing', async () => {
    const { calls } = setup();
    const input = await screen.findByLabelText('HVAC Standard price');
    fireEvent.change(input, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Standard price' }));
    expect(await screen.findByText(PRICE_MESSAGES.notANumber)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '-5' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Standard price' }));
    expect(await screen.findByText(PRICE_MESSAGES.negative)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves zero only after the admin confirms it', async () => {
    const { calls } = setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const input = await screen.findByLabelText('Roofing Standard price');
    fireEvent.change(input, { target: { value: '0' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Roofing Standard price' }));
    expect(await screen.findByText(PRICE_MESSAGES.zeroUnconfirmed)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save Roofing Standard price' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ price: 0, confirm_zero: true }),
    );
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('resets a cell to default', async () => {
    const { calls, notify } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset HVAC Standard price to default' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({
        category: 'home_services',
        sub_service: 'hvac',
        lead_type: 'standard',
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('Reset HVAC standard pricing to default', 3000);
  });

  it('shows the server refusal beside the cell', async () => {
    const { notify } = setup({
      'admin-lead-pricing': (req) =>
        req.method === 'PUT' ? { status: 400, body: { message: 'A price cannot be negative' } } : { body: [] },
    });
    fireEvent.change(await screen.findByLabelText('HVAC Standard price'), { target: { value: '30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Standard price' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('A price cannot be negative', 3000));
    expect(screen.getByText('A price cannot be negative')).toBeTruthy();
  });

  it('answers which price applies to any lead', async () => {
    setup();
    const answer = await screen.findByText(/its trade row/);
    expect(answer.textContent).toBe('$25.00: its trade row (HVAC Standard)');
    await userEvent.selectOptions(screen.getByLabelText('Urgency'), 'Premium');
    expect(screen.getByText(/its industry row/).textContent).toBe('$40.00: its industry row (Home Services Premium)');
  });

  it('shows the 10 most recent changes with who made them, N/A for a missing old price, Default for a reset', async () => {
    setup();
    const table = (await screen.findByRole('heading', { name: 'Recent Pricing Changes' })).parentElement!;
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getAllByText('N/A')).toHaveLength(1);
    expect(within(table).getAllByText('Default')).toHaveLength(1);
    expect(within(table).getAllByText('ops@example.com')).toHaveLength(10);
    expect(within(table).getAllByText('HVAC').length).toBe(10);
  });
});
