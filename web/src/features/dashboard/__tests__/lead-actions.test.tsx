import type { PurchaseHistoryResponse } from '@leadmarket/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, purchasedAnswer, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const record = (id: string, name: string) => ({
  id: `p-${id}`,
  lead_id: `${id}-0000-0000-0000-000000000000`,
  purchased_at: '2026-11-20T10:00:00Z',
  price_paid: 45,
  leads: {
    customer_name: name,
    customer_phone: '+14158675309',
    customer_email: 'erin@example.com',
    zip_code: '67890',
    service_category: 'HVAC',
    sub_service: 'AC Repair',
    description: 'No cooling',
    created_at: '2026-11-20T09:00:00Z',
  },
});

describe('purchased lead actions', () => {
  it('Mark as Completed shows Completing..., sends bearer + body, toasts and reloads the lists', async () => {
    let completed = false;
    let release!: () => void;
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) =>
        purchasedAnswer(
          call,
          completed
            ? { completed_leads: [record('aaaaaaaa', 'Erin Example')] }
            : { purchased_leads: [record('aaaaaaaa', 'Erin Example')] },
        ),
      'mark-lead-complete': async () => {
        await new Promise<void>((r) => (release = r));
        completed = true;
        return { body: { success: true, message: 'done' } };
      },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    expect(screen.getByText('erin@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    expect(screen.getByRole('button', { name: 'Completing...' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Archive' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText('Lead marked as completed!');
    const [call] = api.callsTo('mark-lead-complete');
    expect(call!.authorization).toBe('Bearer tok-1');
    expect(call!.body).toEqual({ contractor_id: 'c-1', lead_id: 'aaaaaaaa-0000-0000-0000-000000000000' });
    await screen.findByRole('tab', { name: 'Completed (1)' });
  });

  it('a failed archive shows the server message, else Failed to archive lead, else the network text', async () => {
    let answer: 'detail' | 'bare' | 'network' = 'detail';
    mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [record('bbbbbbbb', 'Sam Smith')] }),
      'archive-lead': () =>
        answer === 'network'
          ? 'network-error'
          : answer === 'detail'
            ? { status: 409, body: { detail: 'Lead is already archived' } }
            : { status: 500, body: {} },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Lead is already archived'));
    answer = 'bare';
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to archive lead'));
    answer = 'network';
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Network error. Please try again.'));
  });

  it('a refund request sends the reason and shows the wallet service message', async () => {
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [record('cccccccc', 'Kim Lee')] }),
      'request-refund': () => ({
        body: {
          success: true,
          status: 'pending',
          refund_window_days: 7,
          message: 'Refund requested. Requests are accepted within 7 days of purchase.',
        },
      }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: 'Request Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Request Refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please tell us why you are requesting a refund');
    await user.type(within(dialog).getByLabelText('Reason *'), 'Wrong number');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Refund requested. Requests are accepted within 7 days of purchase.');
    expect(api.callsTo('request-refund')[0]!.body).toEqual({
      contractor_id: 'c-1',
      lead_id: 'cccccccc-0000-0000-0000-000000000000',
      reason: 'Wrong number',
    });
  });
});

describe('tabs, history, settings and wallet', () => {
  it('tabs move with the arrow keys, Home and End', async () => {
    mockDashboardServer(newWorld());
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    const first = await screen.findByRole('tab', { name: 'Dashboard' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toMatch(/^Available/);
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Dashboard');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(first.id);
  });

  it('history shows 8-character ids, asks for 25 a page and shows at most 5 page buttons', async () => {
    const api = mockDashboardServer(newWorld(), {
      'get-lead-purchase-history': (call) => ({
        body: {
          success: true,
          purchase_history: [
            {
              id: 'h1',
              lead_id: '12345678-aaaa-bbbb',
              date_purchased: '2026-11-20T10:00:00Z',
              industry: 'home_services',
              sub_service: 'hvac',
              lead_zip_code: '67890',
              purchase_price: 45,
              status: 'completed',
            },
          ],
          pagination: { current_page: Number(call.query.get('page')), total_pages: 9, total_records: 205 },
        } satisfies PurchaseHistoryResponse,
      }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'History (205)' }));
    expect(await screen.findByText('12345678')).toBeTruthy();
    expect(screen.getByText('Home Services')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    // Dates in words (the browser's zone decides the day and hour), the count with its plural.
    const when = screen.getByText(
      (_, el) => el?.tagName === 'TIME' && /^Nov 2\d, 2026, \d{1,2}:\d{2} [AP]M$/.test(el.textContent ?? ''),
    );
    expect(when.getAttribute('datetime')).toBe('2026-11-20T10:00:00Z');
    expect(screen.getByText('205 purchases')).toBeTruthy();
    const pages = within(screen.getByRole('navigation', { name: 'History pages' }));
    expect(pages.getAllByRole('button', { name: /^\d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    await user.click(pages.getByRole('button', { name: '5' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '7' })).toBeTruthy());
    const last = api.callsTo('get-lead-purchase-history').at(-1)!;
    expect(last.query.get('page')).toBe('5');
    expect(last.query.get('limit')).toBe('25');
    expect(last.query.get('contractor_id')).toBe('c-1');
  });

  it('the SMS toggle flips sms_opt_in with a 3-second toast, and says which failure happened', async () => {
    let fail: 'no' | 'server' | 'network' = 'no';
    const api = mockDashboardServer(newWorld(), {
      'update-contractor-sms': (call) =>
        fail === 'network'
          ? 'network-error'
          : fail === 'server'
            ? { status: 500, body: {} }
            : { body: { sms_opt_in: call.body.sms_opt_in } },
    });
    // The toast's 3 s run on a fake clock (that also follows real time): no budget to miss.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const toggle = screen.getByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await screen.findByText('SMS preference updated successfully.');
    expect(api.callsTo('update-contractor-sms')[0]!.body).toEqual({
      contractor_id: 'c-1',
      session_token: 'tok-1',
      sms_opt_in: false,
    });
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('SMS preference updated successfully.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('SMS preference updated successfully.')).toBeNull();
    fail = 'server';
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to update SMS preference'));
    fail = 'network';
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error updating SMS preference'));
  });

  it('auto-reload inputs show only when enabled; enabling sends just the changed setting', async () => {
    let enabled = false;
    const api = mockDashboardServer(newWorld(), {
      'auto-reload-settings': (call) => {
        if (call.method === 'POST') enabled = call.body.auto_reload_enabled ?? enabled;
        return {
          body: { success: true, auto_reload_enabled: enabled, auto_reload_threshold: 20, auto_reload_amount: 100 },
        };
      },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Wallet' }));
    expect(screen.queryByLabelText('Reload amount ($)')).toBeNull();
    await user.click(screen.getByLabelText('Automatically reload my wallet when the balance runs low'));
    const amount = (await screen.findByLabelText('Reload amount ($)')) as HTMLInputElement;
    const threshold = screen.getByLabelText('Reload when balance falls below ($)') as HTMLInputElement;
    expect(describedText(amount)).toBe('Between $100 and $1,000');
    expect(describedText(threshold)).toBe('Between $10 and $500');
    const posts = api.callsTo('auto-reload-settings').filter((c) => c.method === 'POST');
    expect(posts[0]!.body).toEqual({ contractor_id: 'c-1', session_token: 'tok-1', auto_reload_enabled: true });
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.clear(threshold);
    await user.type(threshold, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save Auto-Reload' }));
    // Each field says its own problem beside it, and the first wrong one takes the focus.
    expect(describedText(threshold)).toBe('Threshold must be between $10 and $500 Between $10 and $500');
    expect(describedText(amount)).toBe('Reload amount must be between $100 and $1,000 Between $100 and $1,000');
    expect(document.activeElement).toBe(threshold);
    expect(api.callsTo('auto-reload-settings').filter((c) => c.method === 'POST')).toHaveLength(1);
    await user.clear(threshold);
    await user.type(threshold, '20');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Save Auto-Reload' }));
    await waitFor(() => expect(api.callsTo('auto-reload-settings').filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(api.callsTo('auto-reload-settings').filter((c) => c.method === 'POST')[1]!.body).toEqual({
      contractor_id: 'c-1',
      session_token: 'tok-1',
      auto_reload_amount: 250,
    });
  });
});

/** The texts a control's aria-describedby points at (its error, then its help), as a screen reader reads them. */
function describedText(control: HTMLElement) {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
