import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

async function openAvailable() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByRole('tab', { name: /Available \(2\)/ })).toBeTruthy());
  await user.click(screen.getByRole('tab', { name: /Available/ }));
  return user;
}

describe('available leads and the purchase dialog', () => {
  it('lists newest first with the lead own urgency (not its price), cost, New Lead and a 100-character description', async () => {
    mockDashboardServer(newWorld());
    renderDashboard('/contractor/c-1');
    await openAvailable();
    const cards = screen.getAllByRole('listitem');
    expect(within(cards[0]!).getByText('HVAC — AC Repair')).toBeTruthy();
    // $45 would have read "Premium" by price; the customer said Emergency.
    expect(within(cards[0]!).getByTestId('urgency').textContent).toBe('Emergency');
    expect(within(cards[0]!).getByText('$45.00')).toBeTruthy();
    expect(within(cards[0]!).getByText(/Customer: New Lead/)).toBeTruthy();
    expect(within(cards[0]!).getByText(`${'x'.repeat(100)}…`)).toBeTruthy();
    expect(within(cards[1]!).getByTestId('urgency').textContent).toBe('Standard');
  });

  it('says when the server listed only the newest of more available leads', async () => {
    const world = newWorld();
    mockDashboardServer(world, {
      'contractors-available-leads': () => ({ body: { available_leads: world.available, total_available: 3600 } }),
    });
    renderDashboard('/contractor/c-1');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Available \(3600\)/ })).toBeTruthy());
    await user.click(screen.getByRole('tab', { name: /Available/ }));
    expect(screen.getByText('Showing the newest 2 of 3,600 available leads.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('with too little balance shows the insufficient-balance message and no purchase, and Add Funds opens the funding card', async () => {
    const world = newWorld();
    const api = mockDashboardServer(world);
    renderDashboard('/contractor/c-1');
    const user = await openAvailable();
    const hvac = screen.getAllByRole('listitem')[0]!;
    await user.click(within(hvac).getByRole('button', { name: 'Purchase Lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Purchase' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Insufficient wallet balance. Add funds to purchase this lead.',
    );
    expect(within(dialog).queryByRole('button', { name: /Purchase for/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Funds' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount (USD)')));
    expect(api.callsTo('purchase-lead')).toHaveLength(0);
  });

  it('with enough balance buys the lead: busy label, spec body, success toast, lists reloaded', async () => {
    const world = newWorld();
    world.balance = 100;
    let release!: () => void;
    const api = mockDashboardServer(world, {
      'purchase-lead': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        world.balance = 55;
        world.available = world.available.filter((l) => l.id !== 'lead-new');
        return { body: { success: true, new_wallet_balance: 55, message: 'ok' } };
      },
    });
    renderDashboard('/contractor/c-1');
    const user = await openAvailable();
    await user.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Purchase Lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Purchase' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Purchase for $45.00' }));
    expect(within(dialog).getByRole('button', { name: 'Purchasing...' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.getByText('Lead purchased! Check your dashboard for details.')).toBeTruthy());
    expect(api.callsTo('purchase-lead')[0]!.body).toEqual({
      contractor_id: 'c-1',
      lead_id: 'lead-new',
      session_token: 'tok-1',
    });
    expect(api.callsTo('purchase-lead')[0]!.authorization).toBe('Bearer tok-1');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Available \(1\)/ })).toBeTruthy());
  });

  it('shows the bought lead’s contact at once, read with get-purchased-lead, without blocking the dashboard', async () => {
    const world = newWorld();
    world.balance = 100;
    const api = mockDashboardServer(world, {
      'purchase-lead': () => {
        world.available = world.available.filter((l) => l.id !== 'lead-new');
        return { body: { success: true, new_wallet_balance: 55, message: 'ok' } };
      },
      // The Purchased list has not caught up with the sale yet; the lead's holder answers all the same.
      'get-purchased-lead': () => ({
        body: {
          success: true,
          lead: {
            id: 'lead-new',
            customer_name: 'Maria Lopez',
            phone: '+13125550123',
            email: 'maria@example.com',
            zip_code: '67890',
            service_category: 'HVAC',
            sub_service: 'AC Repair',
            description: 'No cold air',
            urgency: 'Emergency',
            price: 45,
            created_at: '2026-11-20T10:00:00.000Z',
          },
        },
      }),
    });
    renderDashboard('/contractor/c-1');
    const user = await openAvailable();
    await user.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Purchase Lead' }));
    await user.click(screen.getByRole('button', { name: 'Purchase for $45.00' }));
    const card = await screen.findByRole('region', { name: 'Lead Purchased' });
    expect(within(card).getByText('Maria Lopez')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '(312) 555-0123' }).getAttribute('href')).toBe('tel:+13125550123');
    expect(within(card).getByRole('link', { name: 'maria@example.com' })).toBeTruthy();
    expect(api.callsTo('get-purchased-lead')[0]!.query.get('lead_id')).toBe('lead-new');
    // Not modal: the tabs still work, and Dismiss puts it away.
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Lead Purchased' })).toBeNull();
  });

  it('a lost race closes the dialog, removes the lead from Available at once and says why', async () => {
    const world = newWorld();
    world.balance = 100;
    mockDashboardServer(world, {
      'purchase-lead': () => ({ status: 409, body: { detail: 'This lead has already been purchased' } }),
    });
    renderDashboard('/contractor/c-1');
    const user = await openAvailable();
    await user.click(within(screen.getAllByRole('listitem')[1]!).getByRole('button', { name: 'Purchase Lead' }));
    await user.click(screen.getByRole('button', { name: 'Purchase for $30.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('alert').textContent).toContain('This lead has already been purchased');
    // The server still lists it (no poll has run): the card is gone all the same.
    expect(screen.getAllByTestId('available-lead').map((c) => c.getAttribute('data-lead-id'))).toEqual(['lead-new']);
  });

  it('another refusal keeps the dialog open with the server message, and Escape still closes it', async () => {
    const world = newWorld();
    world.balance = 100;
    mockDashboardServer(world, {
      'purchase-lead': () => ({ status: 402, body: { detail: 'Insufficient wallet balance.' } }),
    });
    renderDashboard('/contractor/c-1');
    const user = await openAvailable();
    await user.click(within(screen.getAllByRole('listitem')[1]!).getByRole('button', { name: 'Purchase Lead' }));
    await user.click(screen.getByRole('button', { name: 'Purchase for $30.00' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe('Insufficient wallet balance.'),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
