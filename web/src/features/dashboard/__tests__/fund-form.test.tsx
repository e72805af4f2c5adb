import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FundForm } from '../components/fund-form';
import { mockFunctions } from '../../../test/fetch-mock';

const session = { contractorId: 'c-1', token: 'tok-1' };
afterEach(() => vi.unstubAllGlobals());

/** The texts a control's aria-describedby points at (its error and help), as a screen reader reads them. */
function describedText(control: HTMLElement) {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function setup(
  answer: Parameters<typeof mockFunctions>[0][string] = () => ({ body: { payment_url: '/dev/checkout/cs_1' } }),
) {
  const api = mockFunctions({ 'contractors-purchase-credits': answer });
  const goTo = vi.fn();
  render(<FundForm session={session} goTo={goTo} />);
  const input = screen.getByLabelText('Amount (USD)') as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Add Funds' }) as HTMLButtonElement;
  return { api, goTo, input, button, user: userEvent.setup() };
}

describe('fund form limits', () => {
  it('states the $100 minimum and keeps the button disabled below it', async () => {
    const { input, button, user, api } = setup();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('Minimum $100, maximum $10,000.')).toBeTruthy();
    expect(button.disabled).toBe(true);
    await user.type(input, '99.99');
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Minimum funding amount is $100')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '100');
    expect(button.disabled).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses more than $10,000 beside the field and sends nothing', async () => {
    const { input, button, user, api } = setup();
    await user.type(input, '10000.01');
    await user.click(button);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('Maximum funding amount is $10,000');
    expect(document.activeElement).toBe(input);
    expect(api.calls).toHaveLength(0);
  });

  it('keeps letters and says "Please enter a valid amount" beside the field instead of dropping them', async () => {
    const { input, button, user, api } = setup();
    await user.type(input, '25O');
    expect(input.value).toBe('25O');
    expect(describedText(input)).toContain('Please enter a valid amount');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(document.activeElement).toBe(input);
    expect(describedText(input)).toContain('Please enter a valid amount');
    expect(api.calls).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '$1,250');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(button);
    await waitFor(() => expect(api.callsTo('contractors-purchase-credits')).toHaveLength(1));
    expect(api.callsTo('contractors-purchase-credits')[0]!.body).toEqual({ contractor_id: 'c-1', amount: 1250 });
  });

  it('asks for a checkout session and sends the browser to its payment_url', async () => {
    const { input, button, user, api, goTo } = setup();
    await user.type(input, '10000');
    await user.click(button);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/dev/checkout/cs_1'));
    const [call] = api.callsTo('contractors-purchase-credits');
    expect(call!.method).toBe('POST');
    expect(call!.authorization).toBe('Bearer tok-1');
    expect(call!.body).toEqual({ contractor_id: 'c-1', amount: 10000 });
  });

  it('shows the server detail, the fallback, or the network text when funding cannot start', async () => {
    const first = setup(() => ({ status: 400, body: { detail: 'Card payments are paused' } }));
    await first.user.type(first.input, '250');
    await first.user.click(first.button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Card payments are paused'));
    expect(first.goTo).not.toHaveBeenCalled();
    expect(first.button.textContent).toBe('Add Funds');
  });

  it('falls back to Failed to initiate payment, and Network error on a failed request', async () => {
    let answer: 'empty' | 'network' = 'empty';
    const { input, button, user } = setup(() => (answer === 'empty' ? { body: {} } : 'network-error'));
    await user.type(input, '250');
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to initiate payment'));
    answer = 'network';
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network error. Please try again.'));
  });
});

describe('fund form when card payments are turned off', () => {
  it('says funding is unavailable and offers no Add Funds button', () => {
    const api = mockFunctions({});
    render(<FundForm session={session} available={false} />);
    expect(screen.getByRole('status').textContent).toMatch(/Adding funds is unavailable right now/);
    expect(screen.queryByRole('button', { name: 'Add Funds' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
