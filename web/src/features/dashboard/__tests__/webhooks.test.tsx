import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const SECRET = `whsec_${'s'.repeat(43)}=`;
const ENDPOINT = {
  id: '7c7c7c7c-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/hooks',
  description: null,
  events: ['lead.purchased', 'refund.decided'],
  status: 'enabled',
  disabled_reason: null,
  secret_hint: 'whsec_ssss…',
  created_at: '2026-11-27T21:00:00.000Z',
};
const MESSAGE = {
  id: 'msg_abc',
  type: 'lead.purchased',
  type_label: 'Lead purchased',
  status: 'pending',
  created_at: '2026-11-27T21:05:00.000Z',
  next_attempt_at: '2026-11-27T21:05:10.000Z',
  attempts: [
    {
      attempted_at: '2026-11-27T21:05:00.000Z',
      duration_ms: 31,
      status_code: 500,
      response_bytes: 12,
      error: 'answered 500; will retry',
      trigger: 'scheduled',
    },
    {
      attempted_at: '2026-11-27T21:05:05.000Z',
      duration_ms: 2000,
      status_code: null,
      response_bytes: null,
      error: 'no answer within 2 s',
      trigger: 'scheduled',
    },
  ],
};

describe('Settings → Integrations', () => {
  it('adds an endpoint with its secret shown once, shows the log in words, and replays a delivery', async () => {
    let endpoints: Array<Record<string, unknown>> = [];
    const api = mockDashboardServer(newWorld(), {
      'webhook-endpoints': (call) => {
        if (call.method === 'POST') {
          if (!call.body.url)
            return { status: 400, body: { detail: 'Please enter the address of your endpoint', field: 'url' } };
          endpoints = [{ ...ENDPOINT, url: call.body.url, events: call.body.events }];
          return { status: 201, body: { endpoint: endpoints[0], secret: SECRET } };
        }
        return { body: { endpoints } };
      },
      'webhook-deliveries': () => ({ body: { messages: [MESSAGE] } }),
      'webhook-delivery-replay': (call) => ({ body: { success: true, message_id: call.body.message_id } }),
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const card = await screen.findByTestId('webhooks');
    await within(card).findByText('You have no webhook endpoints yet.');

    // The server's plain words for bad input show in the card.
    await user.click(within(card).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Please enter the address of your endpoint');

    await user.type(within(card).getByLabelText('Endpoint address'), 'https://crm.example.com/hooks');
    await user.click(within(card).getByLabelText('Refund decided'));
    await user.click(within(card).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(card).findByTestId('webhook-secret-value')).textContent).toBe(SECRET);
    expect(api.callsTo('webhook-endpoints').find((c) => c.method === 'POST' && c.body.url)!.body).toMatchObject({
      url: 'https://crm.example.com/hooks',
      events: ['lead.purchased', 'refund.decided'],
    });
    const item = await within(card).findByTestId('webhook-endpoint');
    expect(item.textContent).toContain('Events: Lead purchased, Refund decided');
    await user.click(within(card).getByRole('button', { name: 'I have stored it, hide the secret' }));
    expect(within(card).queryByTestId('webhook-secret-value')).toBeNull();
    expect(card.textContent).not.toContain(SECRET);

    // The log: each attempt's status and size or our words for no answer, and the next try.
    await user.click(within(item).getByRole('button', { name: 'Show the delivery log' }));
    const row = await within(card).findByTestId('webhook-message');
    const attempts = within(row).getAllByTestId('webhook-attempt');
    expect(attempts[0]!.textContent).toContain('HTTP 500, 12 bytes in 31 ms');
    expect(attempts[1]!.textContent).toContain('no answer within 2 s in 2000 ms');
    expect(row.textContent).toContain('Failed; next try');
    expect(row.textContent).toContain('msg_abc');

    await user.click(within(row).getByRole('button', { name: /^Replay/ }));
    await waitFor(() => expect(api.callsTo('webhook-delivery-replay')).toHaveLength(1));
    expect(api.callsTo('webhook-delivery-replay')[0]!.body).toMatchObject({ message_id: 'msg_abc' });
    expect(await within(card).findByText('Lead purchased is being sent again with the same webhook-id.')).toBeTruthy();
  });
});
