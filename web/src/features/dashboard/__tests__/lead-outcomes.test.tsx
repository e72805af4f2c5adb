import { NEVER_REACHED_REFUND_REASON, OUTCOME_MESSAGES } from '@leadmarket/contracts/outcomes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, purchasedAnswer, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const LEAD_ID = 'dddddddd-0000-0000-0000-000000000000';
const record = (outcome: Record<string, unknown> | null = null) => ({
  id: 'p-d',
  lead_id: LEAD_ID,
  purchased_at: '2026-11-20T10:00:00Z',
  price_paid: 45,
  outcome,
  leads: {
    customer_name: 'Dana Diaz',
    customer_phone: '+14158675309',
    customer_email: null,
    zip_code: '67890',
    service_category: 'home_services',
    sub_service: 'hvac',
    description: 'No heat',
    created_at: '2026-11-20T09:00:00Z',
  },
});

describe('lead outcomes on the dashboard', () => {
  it('records a won job in dollars as typed, refusing a missing value in words before sending', async () => {
    let saved: Record<string, unknown> | null = null;
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [record(saved)] }),
      'update-lead-outcome': () => {
        saved = { outcome: 'won', job_value: 1200, lost_reason: null, note: null, recorded_at: '2026-11-21T10:00:00Z' };
        return { body: { success: true, message: 'Marked as won: $1,200.00.', outcome: saved } };
      },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: 'Record outcome' }));
    const form = screen.getByRole('form', { name: 'Record the outcome' });
    await user.selectOptions(within(form).getByLabelText('Outcome'), 'Won');
    await user.click(within(form).getByRole('button', { name: 'Save Outcome' }));
    expect(within(form).getByRole('alert').textContent).toBe(OUTCOME_MESSAGES.jobValueRequired);
    expect(api.callsTo('update-lead-outcome')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Job value ($) *'), '$1,200');
    await user.click(within(form).getByRole('button', { name: 'Save Outcome' }));
    await screen.findByText('Marked as won: $1,200.00.');
    expect(api.callsTo('update-lead-outcome')[0]!.body).toEqual({
      contractor_id: 'c-1',
      lead_id: LEAD_ID,
      outcome: 'won',
      job_value: '$1,200',
      lost_reason: null,
      note: '',
    });
    expect(screen.getByTestId('lead-outcome').textContent).toBe('Won · $1,200.00');
  });

  it('a lost job needs a reason from the list, shown by its label', async () => {
    mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) =>
        purchasedAnswer(call, {
          purchased_leads: [
            record({
              outcome: 'lost',
              job_value: null,
              lost_reason: 'hired_someone_else',
              note: null,
              recorded_at: '',
            }),
          ],
        }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    expect(screen.getByTestId('lead-outcome').textContent).toBe('Lost · Hired someone else');
    await user.click(screen.getByRole('button', { name: 'Change outcome' }));
    const reasons = within(screen.getByLabelText('Reason *')).getAllByRole('option');
    expect(reasons.map((o) => o.textContent)).toEqual([
      'Choose a reason',
      'Price too high',
      'Hired someone else',
      'Not ready or postponed',
      'Job not a fit for us',
      'Other reason',
    ]);
  });

  it('never reached opens the refund request prefilled with the reason and the note', async () => {
    const api = mockDashboardServer(newWorld(), {
      'get-purchased-leads': (call) => purchasedAnswer(call, { purchased_leads: [record()] }),
      'update-lead-outcome': () => ({
        body: {
          success: true,
          message: 'Marked as never reached.',
          outcome: {
            outcome: 'never_reached',
            job_value: null,
            lost_reason: null,
            note: 'Voicemail full',
            recorded_at: '',
          },
        },
      }),
      'request-refund': () => ({
        body: {
          success: true,
          refund_request_id: 'r1',
          status: 'pending',
          refund_window_days: 7,
          message: 'Refund requested.',
        },
      }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Purchased (1)' }));
    await user.click(screen.getByRole('button', { name: 'Record outcome' }));
    await user.selectOptions(screen.getByLabelText('Outcome'), 'Never reached');
    await user.type(screen.getByLabelText('Note (optional)'), 'Voicemail full');
    await user.click(screen.getByRole('button', { name: 'Save Outcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Refund' });
    const reason = `${NEVER_REACHED_REFUND_REASON}\nNote: Voicemail full`;
    expect((within(dialog).getByLabelText('Reason *') as HTMLTextAreaElement).value).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(api.callsTo('request-refund')).toHaveLength(1));
    expect(api.callsTo('request-refund')[0]!.body).toMatchObject({ lead_id: LEAD_ID, reason });
  });
});
