import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { createAdminApi } from '../api/admin-api';
import { WalletAdjustCard } from '../components/wallet-adjust-card';
import type { AdminContractor } from '../api/types';
import { mockFunctions } from '../../../test/fetch-mock';

const contractors: AdminContractor[] = [
  {
    id: 'c-1',
    business_name: 'Acme HVAC',
    contact_name: 'Ann',
    email: 'ann@acme.test',
    phone: '5551234567',
    industry: 'HVAC',
    sub_service: 'repair',
    zip_codes: ['12345'],
    wallet_balance: 25,
    total_leads_purchased: 0,
    total_spend: 0,
  },
];

function setup() {
  const notify = { success: vi.fn(), error: vi.fn() };
  const onAdjusted = vi.fn();
  const api = createAdminApi('tok', vi.fn());
  render(<WalletAdjustCard api={api} contractors={contractors} notify={notify} onAdjusted={onAdjusted} />);
  return { notify, onAdjusted };
}

describe('wallet adjustment card', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps Adjust disabled until contractor and amount are set', async () => {
    mockFunctions({});
    setup();
    const button = screen.getByRole('button', { name: 'Adjust Balance' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Contractor'), 'c-1');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Amount/), '10');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByLabelText(/Amount/).getAttribute('step')).toBe('0.01');
  });

  it('refuses a zero amount with the spec message and sends nothing', async () => {
    const calls = mockFunctions({});
    const { notify } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Contractor'), 'c-1');
    await userEvent.type(screen.getByLabelText(/Amount/), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust Balance' }));
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.admin.adjustRequired);
    expect(calls).toHaveLength(0);
  });

  it('sends a negative amount with notes and the bearer token, then reports success', async () => {
    const calls = mockFunctions({ 'admin-wallet-adjust': () => ({ body: { success: true } }) });
    const { notify, onAdjusted } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Contractor'), 'c-1');
    await userEvent.type(screen.getByLabelText(/Amount/), '-7.5');
    await userEvent.type(screen.getByLabelText('Notes'), 'goodwill correction');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust Balance' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.adminSuccess.walletAdjusted));
    expect(calls[0]).toMatchObject({
      name: 'admin-wallet-adjust',
      method: 'POST',
      authorization: 'Bearer tok',
      body: { contractor_id: 'c-1', amount: -7.5, notes: 'goodwill correction' },
    });
    expect(onAdjusted).toHaveBeenCalled();
  });

  it('shows the not-ok text for a server failure and the error text for a network failure', async () => {
    mockFunctions({ 'admin-wallet-adjust': () => ({ status: 502, body: { detail: 'wallet service unavailable' } }) });
    const { notify } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Contractor'), 'c-1');
    await userEvent.type(screen.getByLabelText(/Amount/), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust Balance' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.admin.adjustFailed, expect.any(Number)));

    vi.restoreAllMocks();
    mockFunctions({ 'admin-wallet-adjust': () => 'network-error' });
    await userEvent.click(screen.getByRole('button', { name: 'Adjust Balance' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.admin.adjustError, expect.any(Number)));
  });

  it('sends one idempotency key per submission: the same on a retry after a failure, a new one after success', async () => {
    let answers = 0;
    const calls = mockFunctions({
      'admin-wallet-adjust': () => (answers++ === 0 ? { status: 503, body: {} } : { body: { success: true } }),
    });
    const { notify } = setup();
    await userEvent.selectOptions(screen.getByLabelText('Contractor'), 'c-1');
    await userEvent.type(screen.getByLabelText(/Amount/), '5');
    const adjust = () => userEvent.click(screen.getByRole('button', { name: 'Adjust Balance' }));
    await adjust();
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    await adjust();
    await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));
    await userEvent.type(screen.getByLabelText(/Amount/), '6');
    await adjust();
    await waitFor(() => expect(notify.success).toHaveBeenCalledTimes(2));
    const keys = calls.map((c) => (c.body as { idempotency_key?: string }).idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
