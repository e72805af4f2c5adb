import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractorSession } from '../../../lib/storage';
import { mockDashboardServer, newWorld, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

describe('return from payment', () => {
  it('payment=success: success message, empty fund form, parameter removed, data reloaded after 2 s', async () => {
    // The 2 s reload runs on a fake clock (that also follows real time): no budget to miss.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const world = newWorld();
    const api = mockDashboardServer(world);
    const router = renderDashboard('/contractor/c-1?payment=success&tab=x');
    await waitFor(() => expect(screen.getByText('Wallet funded successfully!')).toBeTruthy());
    expect(router.state.location.search).toBe('?tab=x');
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
    const loadsBefore = api.callsTo('contractors-dashboard').length;
    // The webhook credits the wallet meanwhile; the reload 2 s later shows the new balance.
    world.balance = 525;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(api.callsTo('contractors-dashboard').length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(screen.getByText('$525.00')).toBeTruthy());
  });

  it('payment=cancelled: says Payment was cancelled and removes the parameter', async () => {
    mockDashboardServer(newWorld());
    const router = renderDashboard('/contractor/c-1?payment=cancelled');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Payment was cancelled'));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('Wallet funded successfully!')).toBeNull();
  });
});

describe('session check', () => {
  it('a failed check clears the stored session and goes to /contractor-login', async () => {
    const world = newWorld();
    world.authOk = false;
    const api = mockDashboardServer(world);
    const router = renderDashboard('/contractor/c-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contractor-login'));
    expect(contractorSession.get()).toEqual({ token: null, contractorId: null });
    expect(api.callsTo('contractor-auth-check')[0]!.body).toEqual({ session_token: 'tok-1' });
    expect(api.callsTo('contractors-dashboard')).toHaveLength(0);
  });

  it('a route id that is not the stored id goes to /contractor-login without loading anything', async () => {
    const api = mockDashboardServer(newWorld());
    const router = renderDashboard('/contractor/someone-else');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contractor-login'));
    expect(api.calls).toHaveLength(0);
  });

  it('a dashboard load failure shows the full-page error with Back to Home', async () => {
    mockDashboardServer(newWorld(), { 'contractors-dashboard': () => ({ status: 500, body: {} }) });
    renderDashboard('/dashboard');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to load dashboard data'));
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
