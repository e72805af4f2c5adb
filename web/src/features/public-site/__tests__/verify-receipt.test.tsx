import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorOf, mockFunctions, renderRoutes } from '../../../test/test-render';
import { publicSiteRoutes } from '../routes';

afterEach(() => vi.unstubAllGlobals());

const LEAD = 'aaaaaaaa-0000-4000-8000-000000000000';
const CODE = 'ab'.repeat(32);

describe('/verify-receipt (public check of a lead receipt)', () => {
  it('a shared link checks at once and says the receipt is valid and the lead exclusive', async () => {
    const calls = mockFunctions({
      'verify-lead-receipt': () => ({
        body: {
          success: true,
          valid: true,
          status: 'valid',
          verdict: 'Valid: this receipt was issued by leadmarket.',
        },
      }),
    });
    renderRoutes(publicSiteRoutes, `/verify-receipt?lead=${LEAD}&code=${CODE}`);
    const verdict = await screen.findByTestId('receipt-verdict');
    expect(verdict.textContent).toContain('Valid receipt — exclusive lead');
    expect(verdict.textContent).toContain('issued by leadmarket');
    expect(calls.at(-1)!.body).toEqual({ lead_id: LEAD, code: CODE });
  });

  it('checks the fields beside them, then says plainly when a receipt is not valid', async () => {
    const calls = mockFunctions({
      'verify-lead-receipt': () => ({
        body: {
          success: true,
          valid: false,
          status: 'invalid',
          verdict: 'Invalid: the code does not match these facts.',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(publicSiteRoutes, '/verify-receipt');
    await user.click(await screen.findByLabelText('Lead id'));
    await user.paste('not-a-lead');
    await user.click(screen.getByRole('button', { name: 'Check receipt' }));
    expect(fieldErrorOf(screen.getByLabelText('Lead id'))).toBe('Enter the lead id as it is printed on the receipt.');
    expect(fieldErrorOf(screen.getByLabelText('Receipt code'))).toBe('Enter the receipt code.');
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Lead id'));
    await user.click(screen.getByLabelText('Lead id'));
    await user.paste(LEAD);
    await user.click(screen.getByLabelText('Receipt code'));
    await user.paste('ffff');
    await user.click(screen.getByRole('button', { name: 'Check receipt' }));
    const verdict = await screen.findByTestId('receipt-verdict');
    expect(verdict.textContent).toContain('Not a valid receipt');
    expect(verdict.textContent).toContain('the code does not match');
    await waitFor(() => expect(calls).toHaveLength(1));
  }, 20_000);
});
