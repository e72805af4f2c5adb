import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRACTOR_ID_KEY, SESSION_TOKEN_KEY } from '@leadmarket/contracts/constants';
import { contractorSession } from '../../../lib/storage';
import { SiteHeader } from '../site-header';
import { mockFunctions, renderRoutes } from '../../../test/test-render';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderHeader = () => renderRoutes([{ path: '/', element: <SiteHeader /> }], '/');
const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('public header', () => {
  it('offers Login and Sign Up to a visitor', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/contractor-login');
    expect(screen.getByRole('link', { name: 'Sign Up Free' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('knows a signed-in contractor: Dashboard and Logout, and Logout ends the session on the server too', async () => {
    const calls = mockFunctions({ 'contractor-logout': { body: { success: true } } });
    contractorSession.save('tok-9', 'c-9');
    renderHeader();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/contractor/c-9');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign Up Free' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(nav().textContent).not.toContain('Dashboard');
    await waitFor(() => expect(calls.filter((c) => c.name === 'contractor-logout')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ session_token: 'tok-9' });
  });

  it('follows a login or logout made in another tab', () => {
    renderHeader();
    act(() => {
      localStorage.setItem(SESSION_TOKEN_KEY, 'tok-2');
      localStorage.setItem(CONTRACTOR_ID_KEY, 'c-2');
      window.dispatchEvent(new StorageEvent('storage', { key: CONTRACTOR_ID_KEY }));
    });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/contractor/c-2');
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
