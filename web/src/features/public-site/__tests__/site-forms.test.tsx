import { LEGAL_PAGES_DATE } from '@leadmarket/contracts/constants';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldErrorOf, mockFunctions, renderRoutes } from '../../../test/test-render';
import { publicSiteRoutes } from '../routes';

afterEach(() => vi.unstubAllGlobals());

describe('contact form', () => {
  it('requires name, email and message, then posts with a subject and an empty honeypot', async () => {
    let reply: any = { status: 502, body: {} };
    const calls = mockFunctions({ contact: () => reply });
    const user = userEvent.setup();
    renderRoutes(publicSiteRoutes, '/contact');
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Name/)));
    expect(fieldErrorOf(screen.getByLabelText(/^Name/))).toBe(FIELD_MESSAGES.required('name'));
    expect(fieldErrorOf(screen.getByLabelText(/^Email/))).toBe(FIELD_MESSAGES.required('email'));
    expect(fieldErrorOf(screen.getByLabelText(/^Message/))).toBe(FIELD_MESSAGES.required('message'));
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Do you cover Austin?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.contact.failed)).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ann');

    reply = { body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.contact.success)).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Do you cover Austin?',
      subject: 'Contact form message from Ann',
      website: '',
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(document.querySelector('input[name="website"]')).toBeTruthy();
  });
});

describe('launch-soon waitlist', () => {
  it('records one page view, requires every field, and goes to the confirmation page', async () => {
    let reply: any = { status: 500, body: {} };
    const calls = mockFunctions({
      'track-page-view': { body: { ok: true } },
      'contractor-waitlist-signup': () => reply,
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(publicSiteRoutes, '/launch-soon');
    await screen.findByRole('heading', { name: 'Launching Soon' });
    await waitFor(() => expect(calls.filter((c) => c.name === 'track-page-view')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ page_path: '/launch-soon' });

    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/First Name/)));
    expect(fieldErrorOf(screen.getByLabelText(/First Name/))).toBe(FIELD_MESSAGES.required('first_name'));
    await user.type(screen.getByLabelText(/First Name/), 'Tom');
    expect(fieldErrorOf(screen.getByLabelText(/First Name/))).toBeUndefined();
    await user.type(screen.getByLabelText(/Last Name/), 'Lee');
    await user.type(screen.getByLabelText(/Company/), 'Lee Roofing');
    await user.type(screen.getByLabelText(/Email/), 'tom@example.com');
    await user.type(screen.getByLabelText(/Phone/), '5125550123');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Trade/)));
    expect(fieldErrorOf(screen.getByLabelText(/Trade/))).toBe(FIELD_MESSAGES.required('trade'));
    await user.selectOptions(screen.getByLabelText(/Trade/), 'roofing');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(await screen.findByText(MESSAGES.waitlist.failed)).toBeTruthy();

    reply = { body: { message: 'ok' } };
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(await screen.findByRole('heading', { name: "You're on the list!" })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contractor-waitlist-confirmed');
    expect(calls.find((c) => c.name === 'contractor-waitlist-signup' && c.body.trade === 'roofing')!.body).toEqual({
      first_name: 'Tom',
      last_name: 'Lee',
      company: 'Lee Roofing',
      email: 'tom@example.com',
      phone: '5125550123',
      trade: 'roofing',
    });
    expect(calls.filter((c) => c.name === 'track-page-view')).toHaveLength(1);
  });

  it('follows a same-site redirect_url from the server', async () => {
    mockFunctions({
      'track-page-view': { body: {} },
      'contractor-waitlist-signup': { body: { redirect_url: '/thank-you?name=Tom' } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(publicSiteRoutes, '/launch-soon');
    for (const [label, value] of [
      [/First Name/, 'Tom'],
      [/Last Name/, 'Lee'],
      [/Company/, 'Co'],
      [/Email/, 't@example.com'],
      [/Phone/, '5125550123'],
    ] as const)
      await user.type(await screen.findByLabelText(label), value);
    await user.selectOptions(screen.getByLabelText(/Trade/), 'hvac');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
  });

  it('/contractor-waitlist redirects to /launch-soon', async () => {
    mockFunctions({ 'track-page-view': { body: {} } });
    const { router } = renderRoutes(publicSiteRoutes, '/contractor-waitlist');
    expect(await screen.findByRole('heading', { name: 'Launching Soon' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/launch-soon');
  });
});

describe('info pages', () => {
  it('legal pages are dated Aug 1, 2025; how-it-works has 4 steps', async () => {
    for (const path of ['/privacy-policy', '/terms-of-service', '/disclaimer', '/tcpa-notice']) {
      const view = renderRoutes(publicSiteRoutes, path);
      expect(await screen.findByText(`Last updated: ${LEGAL_PAGES_DATE}`)).toBeTruthy();
      view.unmount();
    }
    const how = renderRoutes(publicSiteRoutes, '/how-it-works');
    await screen.findByRole('heading', { name: 'How It Works', level: 1 });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    how.unmount();
    // The thank-you page lives with the lead forms (features/lead-forms/__tests__/lead-form.test.tsx).
  });
});
