import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAdminApi } from '../api/admin-api';
import type { AdminAutoCredit } from '../api/types';
import { AutoCreditsCard } from '../components/auto-credits-card';
import { mockFunctions } from '../../../test/fetch-mock';

const credit: AdminAutoCredit = {
  id: '6f1c1f3e-0000-4000-8000-000000000001',
  lead_id: '0123abcd-0000-4000-8000-000000000000',
  rule: 'repeat_lead',
  reason: 'The same customer as a lead you bought in the last 30 days',
  evidence: [
    { label: 'Same customer phone as lead', value: '9876fedc' },
    { label: 'That lead bought', value: 'Nov 20, 2026, 10:00 AM' },
  ],
  amount: 1234.5,
  service_category: 'home_services',
  zip_code: '94107',
  observed_at: '2026-11-23T01:00:00.000Z',
  credited_at: '2026-11-23T01:00:02.000Z',
  status: 'credited',
  reversed_at: null,
  reversal_notes: null,
};

function setup(answer: Parameters<typeof mockFunctions>[0][string]) {
  const api = mockFunctions({ 'admin-reverse-auto-credit': answer });
  const notify = { success: vi.fn(), error: vi.fn() };
  const onReversed = vi.fn();
  render(
    <AutoCreditsCard api={createAdminApi('tok', vi.fn())} credits={[credit]} notify={notify} onReversed={onReversed} />,
  );
  return { api, notify, onReversed, user: userEvent.setup() };
}

describe('automatic credits on the admin contractor page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the credit with its reason and evidence, and reverses it with the reason typed', async () => {
    const { api, notify, onReversed, user } = setup(() => ({ body: { success: true, new_balance: 10 } }));
    const item = screen.getByTestId('admin-auto-credit');
    expect(item.textContent).toContain('$1,234.50');
    expect(item.textContent).toContain('lead 0123abcd');
    expect(within(item).getByText('9876fedc')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Reverse' }));
    await user.type(
      screen.getByLabelText('Why is it reversed? (the contractor is told)'),
      'Customer confirmed by phone',
    );
    await user.click(screen.getByRole('button', { name: 'Reverse credit' }));
    expect(api.filter((c) => c.name === 'admin-reverse-auto-credit')[0]!.body).toEqual({
      credit_id: credit.id,
      notes: 'Customer confirmed by phone',
    });
    expect(notify.success).toHaveBeenCalledWith('Automatic credit of $1,234.50 reversed');
    expect(onReversed).toHaveBeenCalled();
  });

  it('asks for a reason beside the field before calling the server', async () => {
    const { api, user } = setup(() => ({ body: { success: true } }));
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    await user.click(screen.getByRole('button', { name: 'Reverse credit' }));
    const field = screen.getByLabelText('Why is it reversed? (the contractor is told)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Say why the credit is reversed');
    expect(api.filter((c) => c.name === 'admin-reverse-auto-credit')).toHaveLength(0);
  });

  it("shows the server's refusal (a wallet that spent the credit) beside the field", async () => {
    const message = 'The wallet holds $5.00, less than the $1,234.50 credit; the credit cannot be taken back in full';
    const { onReversed, user } = setup(() => ({ status: 409, body: { message } }));
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    await user.type(screen.getByLabelText('Why is it reversed? (the contractor is told)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Reverse credit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(onReversed).not.toHaveBeenCalled();
  });
});
