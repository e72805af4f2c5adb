import { CONTRACTOR_ID_KEY, SESSION_TOKEN_KEY } from '@leadmarket/contracts/constants';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorOf, mockFunctions, renderRoutes } from '../../../test/test-render';
import { authRoutes } from '../routes';

const catalogue = {
  industries: {
    body: [
      { value: 'home_services', label: 'Home Services' },
      { value: 'legal', label: 'Legal' },
    ],
  },
  'sub-services': (call: { query: URLSearchParams }) => ({
    body:
      call.query.get('industry') === 'home_services'
        ? [
            { value: 'plumbing', label: 'Plumbing' },
            { value: 'hvac', label: 'HVAC' },
          ]
        : [{ value: 'family_law', label: 'Family Law' }],
  }),
};
const dashboard = [
  { path: '/contractor-dashboard', element: <p>Dashboard</p> },
  { path: '/contractor/:id', element: <p>Contractor page</p> },
];

afterEach(() => vi.unstubAllGlobals());

async function fillSignup(user: ReturnType<typeof userEvent.setup>, password = 'secret1', confirm = password) {
  await user.type(await screen.findByLabelText(/Your Name/), 'Bob Builder');
  await user.type(screen.getByLabelText(/Business Name/), 'Bob Plumbing LLC');
  await user.type(screen.getByLabelText(/^Phone/), '5125550100');
  await user.type(screen.getByLabelText(/Username/), 'bobp');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
}

describe('signup', () => {
  it('prefills email, zip and trade from the query', async () => {
    mockFunctions(catalogue);
    renderRoutes(authRoutes, '/signup?email=bob%40example.com&zip=78701&trade=plumbing');
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('bob@example.com');
    expect((screen.getByLabelText(/Service ZIP Codes/) as HTMLInputElement).value).toBe('78701');
    expect((screen.getByLabelText(/Industry/) as HTMLSelectElement).value).toBe('home_services');
    expect((screen.getByLabelText(/Sub-Service/) as HTMLSelectElement).value).toBe('plumbing');
  });

  it('checks required fields, matching passwords, then at least 6 characters, before calling', async () => {
    const calls = mockFunctions(catalogue);
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/contractors/signup?email=bob%40example.com&zip=78701&trade=plumbing');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    // Each missing field says so beside itself; focus goes to the first (email and ZIP came prefilled).
    const name = screen.getByLabelText(/Your Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fieldErrorOf(name)).toBe(FIELD_MESSAGES.required('contact_name'));
    expect(fieldErrorOf(screen.getByLabelText(/^Username/))).toBe(FIELD_MESSAGES.required('username'));
    expect(fieldErrorOf(screen.getByLabelText(/Service ZIP Codes/))).toBeUndefined();
    await fillSignup(user, 'secret1', 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(fieldErrorOf(screen.getByLabelText(/^Confirm Password/))).toBe(MESSAGES.signup.passwordsMismatch),
    );
    await user.clear(screen.getByLabelText(/^Password/));
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fieldErrorOf(screen.getByLabelText(/^Password/))).toBe(MESSAGES.signup.tooShort));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    expect(calls.some((c) => c.name === 'contractors-signup')).toBe(false);
  });

  it('drops a prefilled trade that the industry does not offer once the list has loaded', async () => {
    mockFunctions(catalogue);
    renderRoutes(authRoutes, '/signup?trade=other');
    expect(((await screen.findByLabelText(/Industry/)) as HTMLSelectElement).value).toBe('home_services');
    await screen.findByRole('option', { name: 'HVAC' });
    expect((screen.getByLabelText(/Sub-Service/) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('option', { name: 'Other' })).toBeNull();
  });

  it('changing the industry clears the sub-service', async () => {
    mockFunctions(catalogue);
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/signup?trade=plumbing');
    const sub = (await screen.findByLabelText(/Sub-Service/)) as HTMLSelectElement;
    expect(sub.value).toBe('plumbing');
    await user.selectOptions(screen.getByLabelText(/Industry/), 'legal');
    expect(sub.value).toBe('');
  });

  it('stores the session and goes to /contractor-dashboard on success; shows server or network errors', async () => {
    let reply: any = { status: 409, body: { detail: 'This username is already taken', message: 'x' } };
    const calls = mockFunctions({ ...catalogue, 'contractors-signup': () => reply });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      authRoutes,
      '/signup?email=bob%40example.com&zip=78701,78702&trade=plumbing',
      dashboard,
    );
    await fillSignup(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This username is already taken');

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.signup.network)).toBeTruthy();

    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(MESSAGES.signup.failed)).toBeTruthy();

    reply = {
      body: { success: true, contractor_id: 'c-1', session_token: 'tok', redirect_url: 'https://evil.example/steal' },
    };
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contractor-dashboard');
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBe('tok');
    expect(localStorage.getItem(CONTRACTOR_ID_KEY)).toBe('c-1');
    expect(calls.filter((c) => c.name === 'contractors-signup').at(-1)!.body).toEqual({
      contact_name: 'Bob Builder',
      business_name: 'Bob Plumbing LLC',
      email: 'bob@example.com',
      phone: '5125550100',
      industry: 'home_services',
      sub_service: 'plumbing',
      username: 'bobp',
      password: 'secret1',
      confirm_password: 'secret1',
      zip_codes: '78701,78702',
      sms_opt_in: true,
    });
  });
});

describe('login', () => {
  it('stores the session and goes to /contractor/{id}, or to the redirect_url', async () => {
    let reply: any = {
      body: { success: true, session_token: 't1', contractor_id: 'c-9', message: 'Login successful' },
    };
    const calls = mockFunctions({ 'contractor-login': () => reply });
    const user = userEvent.setup();
    const { router } = renderRoutes(authRoutes, '/contractor-login', dashboard);
    await user.type(await screen.findByLabelText(/Username/), 'bobp');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Contractor page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contractor/c-9');
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBe('t1');
    expect(calls[0]!.body).toEqual({ username: 'bobp', password: 'secret1' });

    reply = {
      body: { success: true, session_token: 't2', contractor_id: 'c-9', redirect_url: '/contractor-dashboard' },
    };
    await router.navigate('/login');
    await user.type(await screen.findByLabelText(/Username/), 'bobp');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });

  it('shows the server message, else Login failed', async () => {
    let reply: any = {
      status: 401,
      body: { detail: 'Invalid username or password', message: 'Invalid username or password' },
    };
    mockFunctions({ 'contractor-login': () => reply });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/login');
    await user.type(await screen.findByLabelText(/Username/), 'bobp');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username or password');
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MESSAGES.login.failed)).toBeTruthy();
    expect(localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });

  it('forgot password asks for an email and posts email, user_type and redirect_url', async () => {
    let reply: any = { status: 500, body: {} };
    const calls = mockFunctions({ 'forgot-password': () => reply });
    const user = userEvent.setup();
    renderRoutes(authRoutes, '/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(fieldErrorOf(screen.getByLabelText(/Email/))).toBe('Please enter your email address'));
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(MESSAGES.forgotPassword.failed)).toBeTruthy();
    reply = { body: { message: 'If an account exists for that email address, a password reset link has been sent.' } };
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(/a password reset link has been sent/)).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({
      email: 'bob@example.com',
      user_type: 'contractor',
      redirect_url: `${window.location.origin}/reset-password?type=contractor`,
    });
  });
});
