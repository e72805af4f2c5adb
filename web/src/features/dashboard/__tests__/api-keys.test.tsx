import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const SECRET = `lm_${'k'.repeat(39)}Wxyz`;

describe('Settings → API keys', () => {
  it('creates a key shown once, lists it with its permissions, and revokes it', async () => {
    let keys: Array<Record<string, unknown>> = [];
    const api = mockDashboardServer(newWorld(), {
      'api-keys': (call) => {
        if (call.method === 'POST') {
          if (!call.body.name) return { status: 400, body: { detail: 'Please give the key a name.' } };
          const key = {
            id: 'key-1',
            name: call.body.name,
            scopes: call.body.scopes,
            last_four: 'Wxyz',
            created_at: '2026-11-27T21:00:00.000Z',
            last_used_at: null,
          };
          keys = [key];
          return { status: 201, body: { success: true, message: 'API key created.', key, secret: SECRET } };
        }
        if (call.method === 'DELETE') {
          keys = keys.filter((k) => k.id !== call.body.key_id);
          return { body: { success: true, message: 'API key revoked.' } };
        }
        return { body: { success: true, keys, max_keys: 10 } };
      },
    });
    vi.stubGlobal('confirm', () => true);
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const card = await screen.findByTestId('api-keys');
    await within(card).findByText('You have no API keys yet.');

    // The server's plain words for bad input show in the card.
    await user.click(within(card).getByRole('button', { name: 'Create API key' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Please give the key a name.');

    await user.type(within(card).getByLabelText('Key name'), 'Jobber sync');
    await user.click(within(card).getByLabelText(/Update lead status and outcome/));
    await user.click(within(card).getByRole('button', { name: 'Create API key' }));
    expect((await within(card).findByTestId('api-key-value')).textContent).toBe(SECRET);
    expect(api.callsTo('api-keys').find((c) => c.method === 'POST' && c.body.name)!.body).toMatchObject({
      name: 'Jobber sync',
      scopes: ['leads:read', 'leads:write'],
    });
    const row = await within(card).findByTestId('api-key-row');
    expect(row.textContent).toContain('Read purchased leads, Update lead status and outcome');
    expect(row.textContent).toContain('lm_…Wxyz');
    expect(row.textContent).toContain('Never');

    // Hidden once stored: the key is never shown again.
    await user.click(within(card).getByRole('button', { name: 'I have stored it, hide the key' }));
    expect(within(card).queryByTestId('api-key-value')).toBeNull();
    expect(card.textContent).not.toContain(SECRET);

    await user.click(within(card).getByRole('button', { name: 'Revoke Jobber sync' }));
    await waitFor(() => expect(within(card).queryByTestId('api-key-row')).toBeNull());
    expect(api.callsTo('api-keys').find((c) => c.method === 'DELETE')!.body).toMatchObject({ key_id: 'key-1' });
  });
});
