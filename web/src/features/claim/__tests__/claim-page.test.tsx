import { MESSAGES } from '@leadmarket/contracts/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFunctions, renderRoutes } from '../../../test/test-render';
import { claimRoutes } from '../routes';

const PREVIEW = {
  customer_name: 'Jane D.',
  zip_code: '78701',
  service_category: 'home_services',
  sub_service: 'hvac',
  phone: '(***) ***-**99',
  description: 'AC stopped cooling',
  created_at: '2026-11-20T10:00:00.000Z',
};
const FULL = { ...PREVIEW, customer_name: 'Jane Doe', phone: '+15125550199', email: 'jane@example.com' };

afterEach(() => vi.unstubAllGlobals());

describe('claim page', () => {
  it('loads the lead by token, needs a contractor ID, shows Claiming Lead... and then the claimed lead', async () => {
    let release!: () => void;
    const calls = mockFunctions({
      'leads-claim-get': { body: { success: true, lead: PREVIEW } },
      'leads-claim-post': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: { success: true, message: 'Lead claimed! $20.00 was charged to your wallet.', lead: FULL },
            });
        }),
    });
    const user = userEvent.setup();
    renderRoutes(claimRoutes, '/claim/tok-123');
    expect(await screen.findByText('Loading lead...')).toBeTruthy();
    expect(await screen.findByText('Jane D.')).toBeTruthy();
    expect(calls[0]!.query.get('token')).toBe('tok-123');
    expect(screen.getByText('AC stopped cooling')).toBeTruthy();
    expect(screen.getByText(/provided when you signed up \(check your email or SMS\)/)).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Claim This Lead' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const input = screen.getByLabelText('Your Contractor ID *');
    await user.type(input, '   ');
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.claim.contractorIdRequired);
    expect(calls.some((c) => c.name === 'leads-claim-post')).toBe(false);

    await user.clear(input);
    await user.type(input, ' c-7 ');
    await user.click(button);
    expect(((await screen.findByRole('button', { name: 'Claiming Lead...' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    release();
    expect(await screen.findByRole('heading', { name: MESSAGES.claim.claimed })).toBeTruthy();
    expect(screen.getByText('Lead claimed! $20.00 was charged to your wallet.')).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('(512) 555-0199')).toBeTruthy();
    expect(calls.find((c) => c.name === 'leads-claim-post')!.body).toEqual({ token: 'tok-123', contractor_id: 'c-7' });
  });

  it('returns to the form with the server message when the claim is refused, or the spec text when the call fails', async () => {
    let reply: any = { status: 402, body: { success: false, message: 'Insufficient wallet balance.' } };
    mockFunctions({ 'leads-claim-get': { body: { success: true, lead: PREVIEW } }, 'leads-claim-post': () => reply });
    const user = userEvent.setup();
    renderRoutes(claimRoutes, '/claim/tok-1');
    await user.type(await screen.findByLabelText('Your Contractor ID *'), 'c-1');
    await user.click(screen.getByRole('button', { name: 'Claim This Lead' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Insufficient wallet balance.');
    expect(screen.getByText('Jane D.')).toBeTruthy();

    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Claim This Lead' }));
    expect((await screen.findByText(MESSAGES.claim.claimError)).getAttribute('role')).toBe('alert');

    reply = { body: { success: false, message: 'Claim link expired' } };
    await user.click(screen.getByRole('button', { name: 'Claim This Lead' }));
    expect(await screen.findByText('Claim link expired')).toBeTruthy();
  });

  it('a lost race closes the form for good with a clear state', async () => {
    mockFunctions({
      'leads-claim-get': { body: { success: true, lead: PREVIEW } },
      'leads-claim-post': {
        status: 409,
        body: { success: false, message: 'This lead has already been claimed by another contractor.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(claimRoutes, '/claim/tok-1');
    await user.type(await screen.findByLabelText('Your Contractor ID *'), 'c-1');
    await user.click(screen.getByRole('button', { name: 'Claim This Lead' }));
    expect(await screen.findByRole('heading', { name: 'Lead Claimed by Another Contractor' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('already been claimed by another contractor');
    expect((screen.getByRole('button', { name: 'No Longer Available' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Your Contractor ID *') as HTMLInputElement).disabled).toBe(true);
  });

  it('signed in on this browser: fills in the ID, shows price, urgency and whether the balance covers it', async () => {
    localStorage.setItem('contractor_session_token', 'tok-s');
    localStorage.setItem('contractor_id', 'c-42');
    try {
      const lead = { ...PREVIEW, urgency: 'Emergency', price: 45 };
      mockFunctions({
        'leads-claim-status': { body: { success: true, status: 'available', lead } },
        'contractors-dashboard': { body: { wallet_balance: 25 } },
        'leads-claim-get': { body: { success: true, lead } },
      });
      renderRoutes(claimRoutes, '/claim/tok-1');
      expect(((await screen.findByLabelText('Your Contractor ID *')) as HTMLInputElement).value).toBe('c-42');
      expect(screen.getByTestId('claim-price').textContent).toBe('$45.00');
      expect(screen.getByTestId('urgency').textContent).toBe('Emergency');
      expect(screen.getByText(/not enough for this lead/)).toBeTruthy();
    } finally {
      localStorage.clear();
    }
  });

  it('the buyer reopening the link sees "You claimed this lead" with the contact', async () => {
    localStorage.setItem('contractor_session_token', 'tok-s');
    localStorage.setItem('contractor_id', 'c-42');
    try {
      mockFunctions({
        'leads-claim-status': {
          body: { success: true, status: 'claimed_by_you', message: 'You claimed this lead.', lead: FULL },
        },
        'contractors-dashboard': { body: { wallet_balance: 5 } },
      });
      renderRoutes(claimRoutes, '/claim/tok-1');
      expect(await screen.findByRole('heading', { name: 'You claimed this lead' })).toBeTruthy();
      expect(screen.getByText('Jane Doe')).toBeTruthy();
      expect(screen.getByText('(512) 555-0199')).toBeTruthy();
    } finally {
      localStorage.clear();
    }
  });

  it('shows Lead Unavailable with the server message and a Back to Sign Up link to /', async () => {
    mockFunctions({
      'leads-claim-get': {
        status: 404,
        body: { success: false, detail: 'This claim link is invalid or has expired', message: 'x' },
      },
    });
    renderRoutes(claimRoutes, '/claim/bad');
    expect(await screen.findByRole('heading', { name: MESSAGES.claim.unavailable })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This claim link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Back to Sign Up' }).getAttribute('href')).toBe('/');
  });

  it('shows the load error text when the lead cannot be fetched', async () => {
    mockFunctions({ 'leads-claim-get': 'network-error' });
    renderRoutes(claimRoutes, '/claim/x');
    expect(await screen.findByText(MESSAGES.claim.loadError)).toBeTruthy();
    expect(screen.getByRole('heading', { name: MESSAGES.claim.unavailable })).toBeTruthy();
  });
});
