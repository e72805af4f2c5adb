import { CONTRACTOR_ID_KEY, RESET_REDIRECT_MS, SESSION_TOKEN_KEY } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorOf, mockFunctions, renderRoutes } from '../../../test/test-render';
import { resetTokenOf } from '../pages/reset-password-page';
import { authRoutes } from '../routes';

const targets = [
  { path: '/login', element: <p>Login page</p> },
  { path: '/admin', element: <p>Admin page</p> },
  { path: '/', element: <p>Home page</p> },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * The redirect after a reset waits RESET_REDIRECT_MS: on fake timers the test moves the clock past
 * it instead of waiting 3 s against a budget a busy machine can miss. The fake clock also follows
 * real time, so Testing Library's polling and userEvent's pauses go on as usual.
 */
const fakeTheRedirectTimer = () => vi.useFakeTimers({ shouldAdvanceTime: true });
/** userEvent's pauses move the fake clock when it is installed. */
const userWithClock = () =>
  userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });

describe('reset password', () => {
  it('finds the token in the query or the fragment', () => {
    expect(resetTokenOf('?type=admin&token=abc', '')).toBe('abc');
    expect(resetTokenOf('?code=xyz', '')).toBe('xyz');
    expect(resetTokenOf('', '#access_token=h1&type=recovery')).toBe('h1');
    expect(resetTokenOf('?type=contractor', '')).toBeNull();
  });

  it('without a token shows the invalid-link message and calls nothing', async () => {
    const calls = mockFunctions({});
    renderRoutes(authRoutes, '/reset-password?type=contractor');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.reset.invalidLink);
    expect(calls).toHaveLength(0);
  });

  it('a refused link is invalid; a failed check says it could not be processed', async () => {
    mockFunctions({ 'verify-reset-token': { body: { valid: false } } });
    renderRoutes(authRoutes, '/reset-password?token=old');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.reset.invalidLink);
    vi.unstubAllGlobals();
    mockFunctions({ 'verify-reset-token': { status: 503, body: {} } });
    renderRoutes(authRoutes, '/reset-password?token=t2');
    expect(await screen.findByText(MESSAGES.reset.linkFailed)).toBeTruthy();
  });

  it('checks match and length, maps failures, then succeeds and goes to /admin after 3 s for admins', async () => {
    let reply: any = {
      status: 400,
      body: { detail: MESSAGES.reset.invalidToken, message: MESSAGES.reset.invalidToken },
    };
    const calls = mockFunctions({ 'verify-reset-token': { body: { valid: true } }, 'reset-password': () => reply });
    const user = userWithClock();
    const { router } = renderRoutes(authRoutes, '/reset-password?type=admin&token=tok-a', targets);
    const pass = await screen.findByLabelText(/^New Password/);
    const confirm = screen.getByLabelText(/^Confirm New Password/);
    expect(calls[0]!.query.get('token')).toBe('tok-a');
    expect(calls[0]!.query.get('type')).toBe('admin');
    await user.type(pass, 'longpassword');
    await user.type(confirm, 'longpasswore');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(fieldErrorOf(confirm)).toBe(MESSAGES.reset.passwordsMismatch);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    await user.clear(pass);
    await user.clear(confirm);
    await user.type(pass, 'short');
    await user.type(confirm, 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(fieldErrorOf(pass)).toBe(MESSAGES.reset.tooShort));
    expect(document.activeElement).toBe(pass);
    expect(calls.some((c) => c.name === 'reset-password')).toBe(false);

    await user.clear(pass);
    await user.clear(confirm);
    await user.type(pass, 'newpassword1');
    await user.type(confirm, 'newpassword1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.reset.invalidToken)).toBeTruthy();
    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.reset.network)).toBeTruthy();
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(MESSAGES.reset.updateFailed)).toBeTruthy();

    fakeTheRedirectTimer();
    reply = { body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.reset.success })).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({
      token: 'tok-a',
      password: 'newpassword1',
      confirm_password: 'newpassword1',
      type: 'admin',
    });
    // Half-way through the pause the page is still shown; past it, the admin page is.
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS / 2));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS / 2));
    expect(await screen.findByText('Admin page')).toBeTruthy();
  });

  it('goes to /login after success when the type is contractor (the default)', async () => {
    mockFunctions({ 'verify-reset-token': { body: { valid: true } }, 'reset-password': { body: { success: true } } });
    const user = userWithClock();
    renderRoutes(authRoutes, '/reset-password?token=tok-c', targets);
    await user.type(await screen.findByLabelText(/^New Password/), 'newpassword1');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'newpassword1');
    fakeTheRedirectTimer();
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.reset.success })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS));
    // /login is the real login page of this feature.
    expect(await screen.findByRole('heading', { name: 'Contractor Login' })).toBeTruthy();
  });
});

describe('welcome', () => {
  it('redirects to / without contractor_id or a stored token', async () => {
    const calls = mockFunctions({});
    renderRoutes(authRoutes, '/welcome?contractor_id=c-1', targets);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the wallet balance and a dashboard button for a signed-in contractor', async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, 'tok');
    localStorage.setItem(CONTRACTOR_ID_KEY, 'c-1');
    const calls = mockFunctions({
      'contractors-dashboard': {
        body: { contractor: { id: 'c-1', contact_name: 'Bob', sub_service: 'plumbing' }, wallet_balance: 25 },
      },
    });
    renderRoutes(authRoutes, '/welcome?contractor_id=c-1', targets);
    expect(await screen.findByRole('heading', { name: 'Welcome, Bob!' })).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/contractor/c-1');
    expect(calls[0]!.query.get('contractor_id')).toBe('c-1');
    expect(calls[0]!.headers.authorization).toBe('Bearer tok');
  });

  it('says the account is not found on 404, and goes home on any other failure', async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, 'tok');
    mockFunctions({
      'contractors-dashboard': {
        status: 404,
        body: { detail: 'Contractor not found', message: 'Contractor not found' },
      },
    });
    renderRoutes(authRoutes, '/welcome?contractor_id=c-404', targets);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.welcome.notFound);
    vi.unstubAllGlobals();
    mockFunctions({ 'contractors-dashboard': { status: 401, body: {} } });
    renderRoutes(authRoutes, '/welcome?contractor_id=c-1', targets);
    expect(await screen.findByText('Home page')).toBeTruthy();
  });
});

describe('welcome balance before the signup credit is booked', () => {
  it('shows the $25 offer with a note while the wallet still reads zero', async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, 'tok');
    mockFunctions({
      'contractors-dashboard': { body: { contractor: { id: 'c-2', business_name: 'Acme' }, wallet_balance: 0 } },
    });
    renderRoutes(authRoutes, '/welcome?contractor_id=c-2', targets);
    expect(await screen.findByText('$25.00')).toBeTruthy();
    expect(screen.getByText(/signup credit is being added/)).toBeTruthy();
  });
});
