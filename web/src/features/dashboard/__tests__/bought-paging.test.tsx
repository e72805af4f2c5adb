import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, purchasedAnswer, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const record = (n: number, name: string, channel = 'dashboard') => ({
  id: `p-${n}`,
  lead_id: `${String(n).padStart(8, '0')}-0000-0000-0000-000000000000`,
  purchased_at: '2026-11-20T10:00:00Z',
  price_paid: 20,
  purchase_channel: channel,
  status: 'purchased',
  leads: {
    urgency: 'Standard',
    customer_name: name,
    customer_phone: '+14158675309',
    customer_email: null,
    zip_code: String(10000 + n),
    service_category: 'HVAC',
    sub_service: 'AC Repair',
    description: 'No cooling',
    created_at: '2026-11-20T09:00:00Z',
  },
});

describe('bought-lead lists paged by the server', () => {
  it('asks for 25 at a time, pages with Next, searches on the server and counts tabs from its answer', async () => {
    const purchased = Array.from({ length: 30 }, (_, i) =>
      record(i + 1, i === 27 ? 'Maria Lopez' : `Customer ${i + 1}`, i % 10 === 0 ? 'claim' : 'dashboard'),
    );
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: purchased }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (30)' }));
    expect(screen.getByRole('tab', { name: 'Claimed (3)' })).toBeTruthy();
    await screen.findByText('Customer 1');
    expect(screen.getAllByTestId('lead-card')).toHaveLength(25);
    expect(screen.getByText('30 leads · page 1 of 2')).toBeTruthy();
    // No call fetches every bought lead: each names its list and a page size.
    const calls = api.callsTo('get-purchased-leads');
    expect(calls.every((c) => c.query.get('list') && Number(c.query.get('limit')) <= 25)).toBe(true);

    await user.click(within(screen.getByRole('navigation', { name: 'Pages of purchased leads' })).getByText('Next'));
    await screen.findByText('Maria Lopez');
    expect(screen.getAllByTestId('lead-card')).toHaveLength(5);
    expect(api.callsTo('get-purchased-leads').some((c) => c.query.get('page') === '2')).toBe(true);

    await user.type(screen.getByLabelText('Search purchased leads'), 'maria');
    await waitFor(() => expect(screen.getAllByTestId('lead-card')).toHaveLength(1));
    expect(screen.getByText('1 match of 30')).toBeTruthy();
    const searched = api.callsTo('get-purchased-leads').filter((c) => c.query.get('search') === 'maria');
    expect(searched.at(-1)!.query.get('page')).toBe('1');
  });

  it('the Claimed tab lists leads bought through a claim link, from the server', async () => {
    mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) =>
        purchasedAnswer(call, { purchased_leads: [record(1, 'Via Link', 'claim'), record(2, 'From Dashboard')] }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Claimed (1)' }));
    await screen.findByText('Via Link');
    expect(screen.queryByText('From Dashboard')).toBeNull();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeTruthy();
  });
});
