import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAdminApi } from '../api/admin-api';
import { PricingTab } from '../components/pricing-tab';
import { mockFunctions } from './fetch-mock';

const history = Array.from({ length: 12 }, (_, i) => ({
  category: 'HVAC',
  lead_type: 'standard',
  old_price: i === 0 ? null : 20 + i,
  new_price: 21 + i,
  timestamp: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
}));

function setup(handlers: Parameters<typeof mockFunctions>[0]) {
  const calls = mockFunctions({
    'admin-lead-pricing': (req) =>
      req.method === 'PUT'
        ? { body: { success: true } }
        : { body: [{ category: 'HVAC', lead_type: 'standard', price: 25 }] },
    'admin-pricing-history': () => ({ body: history }),
    ...handlers,
  });
  const notify = { success: vi.fn(), error: vi.fn() };
  render(<PricingTab api={createAdminApi('tok', vi.fn())} notify={notify} refreshKey={0} />);
  return { calls, notify };
}

describe('lead pricing tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fills the matrix, with price inputs of step 0.01 and min 0', async () => {
    setup({});
    const input = await screen.findByLabelText('HVAC Standard price');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('25.00'));
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0');
    expect((screen.getByLabelText('Plumbing Emergency price') as HTMLInputElement).value).toBe('');
  });

  it('saves one cell and announces the spec text', async () => {
    const { calls, notify } = setup({});
    const input = await screen.findByLabelText('HVAC Premium price');
    await userEvent.type(input, '45.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Premium price' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Updated HVAC premium pricing to $45.50', 3000));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      category: 'HVAC',
      lead_type: 'premium',
      price: 45.5,
    });
  });

  it('saves an emptied (non-numeric) price as 0', async () => {
    const { calls } = setup({});
    const input = await screen.findByLabelText('HVAC Standard price');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('25.00'));
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Standard price' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        category: 'HVAC',
        lead_type: 'standard',
        price: 0,
      }),
    );
  });

  it('shows the failure text when the server refuses', async () => {
    const { notify } = setup({
      'admin-lead-pricing': (req) => (req.method === 'PUT' ? { status: 500, body: {} } : { body: [] }),
    });
    await userEvent.type(await screen.findByLabelText('HVAC Standard price'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save HVAC Standard price' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update lead pricing', 3000));
  });

  it('shows the 10 most recent changes with N/A for a missing old price', async () => {
    setup({});
    const table = (await screen.findByRole('heading', { name: 'Recent Pricing Changes' })).parentElement!;
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getAllByText('N/A')).toHaveLength(1);
  });
});
