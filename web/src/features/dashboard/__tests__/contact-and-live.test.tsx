import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '../api/live-events';
import { ContactActions } from '../components/contacted-button';
import { mockFunctions } from '../../../test/fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const session = { contractorId: 'C-1', token: 'tok' };
const leadId = '11111111-0000-0000-0000-000000000000';

describe('ContactActions', () => {
  it('Mark contacted records it once and shows the time', async () => {
    const api = mockFunctions({
      'mark-lead-contacted': () => ({ body: { success: true, contacted_at: '2026-11-22T12:05:00Z' } }),
    });
    render(<ContactActions session={session} leadId={leadId} phone="+14158675309" />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark contacted' }));
    expect(await screen.findByText(/^Contacted /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark contacted' })).toBeNull();
    const [call] = api.callsTo('mark-lead-contacted');
    expect(call!.body).toMatchObject({ lead_id: leadId, via: 'marked' });
    expect(call!.authorization).toBe('Bearer tok');
  });

  it('a lead already contacted shows its time and no button', () => {
    mockFunctions({});
    render(
      <ContactActions session={session} leadId={leadId} phone="+14158675309" contactedAt="2026-11-22T12:05:00Z" />,
    );
    expect(screen.getByText(/^Contacted /)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('applyLiveEvent', () => {
  it('drops a sold lead from the cached list at once and moves the balance', async () => {
    const cache = new Map<unknown, unknown>([
      [
        'available',
        {
          available_leads: [{ id: 'a' }, { id: 'b' }],
          total_available: 2,
        },
      ],
      ['dashboard', { wallet_balance: 25 }],
    ]);
    const mutate = vi.fn(async (matcher: (key: unknown) => boolean, update?: (current: any) => any) => {
      const keyOf = (name: string) => ['dashboard', name, 'C-1', '{}'];
      for (const [slot, name] of [
        ['available', 'contractors-available-leads'],
        ['dashboard', 'contractors-dashboard'],
      ] as const)
        if (matcher(keyOf(name)) && update) cache.set(slot, update(cache.get(slot)));
    });
    applyLiveEvent(mutate as any, 'lead_gone', { lead_id: 'a', reason: 'sold' });
    applyLiveEvent(mutate as any, 'balance', { balance_cents: 505 });
    expect(cache.get('available')).toEqual({ available_leads: [{ id: 'b' }], total_available: 1 });
    expect(cache.get('dashboard')).toEqual({ wallet_balance: 5.05 });
  });

  it('asks again for the list and the count behind "Available (N)" when a lead of the area was not offered', () => {
    const asked: unknown[][] = [];
    const mutate = vi.fn(async (matcher: (key: unknown) => boolean) => {
      for (const name of ['contractors-available-leads', 'contractors-dashboard', 'get-wallet-statement'])
        if (matcher(['dashboard', name, 'C-1', '{}'])) asked.push([name]);
    });
    applyLiveEvent(mutate as any, 'lead_listed', { lead_id: 'n' });
    expect(asked).toEqual([['contractors-available-leads'], ['contractors-dashboard']]);
  });
});
