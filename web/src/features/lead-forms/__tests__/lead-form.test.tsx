import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { mockFunctions, renderRoutes } from '../../../test/test-render';
import { leadFormRoutes } from '../routes';

const SUB_SERVICES: Record<string, Array<{ value: string; label: string }>> = {
  home_services: [
    { value: 'hvac', label: 'HVAC' },
    { value: 'plumbing', label: 'Plumbing' },
  ],
  legal: [{ value: 'family_law', label: 'Family Law' }],
};
const catalogue = {
  industries: {
    body: [
      { value: 'home_services', label: 'Home Services' },
      { value: 'legal', label: 'Legal' },
    ],
  },
  'sub-services': (call: { query: URLSearchParams }) => ({
    body: SUB_SERVICES[call.query.get('industry') ?? ''] ?? [],
  }),
};

afterEach(() => vi.unstubAllGlobals());

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByLabelText(/Full Name/);
  await user.type(screen.getByLabelText(/Full Name/), 'Jane Doe');
  await user.type(screen.getByLabelText(/Phone/), '512-555-0199');
  await user.type(screen.getByLabelText(/ZIP Code/), '787019999');
  await user.type(screen.getByLabelText(/Describe What You Need/), 'AC stopped cooling');
}

const fieldError = (label: RegExp) => {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).find((t) => t && !/characters$/.test(t));
};

describe('generic and industry lead forms', () => {
  it('puts each error beside its field, focuses the first, and takes only digits for the ZIP code', async () => {
    const calls = mockFunctions({ ...catalogue });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/legal');
    await user.click(await screen.findByRole('button', { name: 'Get Matched Now' }));
    const name = screen.getByLabelText(/Full Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(/Full Name/)).toBe(FIELD_MESSAGES.required('customer_name'));
    expect(fieldError(/ZIP Code/)).toBe(FIELD_MESSAGES.zipCode);
    expect(fieldError(/Describe What You Need/)).toBe(FIELD_MESSAGES.required('description'));
    await user.type(screen.getByLabelText(/ZIP Code/), 'ab1c2-3456789');
    expect(screen.getByLabelText(/ZIP Code/)).toHaveProperty('value', '12345');
    expect(screen.getByLabelText(/ZIP Code/).getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText(/Full Name/), 'Jane');
    await user.type(screen.getByLabelText(/Phone/), '555-01');
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Phone/)));
    expect(fieldError(/Phone/)).toBe(FIELD_MESSAGES.phoneDigits);
    expect(calls.some((c) => c.name === 'leads-submit')).toBe(false);
  });

  it('counts the description against its limit as the customer types', async () => {
    mockFunctions({ ...catalogue });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/legal');
    const description = await screen.findByLabelText(/Describe What You Need/);
    expect(description.getAttribute('maxlength')).toBe('5000');
    await user.type(description, 'Leaky pipe');
    expect(screen.getByText('10 / 5,000 characters')).toBeTruthy();
  });

  it('an industry page shows what to fix for a rejected lead, never the success text', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: {
          message: 'We could not accept this request yet.',
          status: 'rejected',
          validation_summary: { phone_valid: true, email_valid: true, content_valid: false, is_duplicate: false },
          problems: [{ field: 'description', message: 'The description looks like random letters' }],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.leadSubmit.rejected);
    expect(fieldError(/Describe What You Need/)).toBe('The description looks like random letters');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Describe What You Need/)));
    expect(screen.queryByText(MESSAGES.leadSubmit.success)).toBeNull();
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Jane Doe');
  });

  it('says "received, we are checking it" while screening has not answered', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': { body: { message: 'x', status: 'pending', validation_summary: null } },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.pending)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.leadSubmit.success)).toBeNull();
  });

  it('replaces the pending text with the verdict once screening decides, problems beside their fields', async () => {
    let polls = 0;
    const problems = [{ field: 'phone', message: 'Please enter a phone number that can receive texts' }];
    const calls = mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: { message: 'x', lead_id: 'lead-1', status: 'pending', validation_summary: null, problems: [] },
      },
      'leads-submit-status': () => {
        polls += 1;
        return polls < 2
          ? { body: { message: 'x', lead_id: 'lead-1', status: 'pending', validation_summary: null, problems: [] } }
          : { body: { message: 'x', lead_id: 'lead-1', status: 'rejected', validation_summary: null, problems } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.pending)).toBeTruthy();
    // The verdict comes on a later poll: the form is back with what was typed and what to fix.
    expect(await screen.findByText(MESSAGES.leadSubmit.rejected, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.leadSubmit.pending)).toBeNull();
    expect(fieldError(/Phone/)).toBe(problems[0]!.message);
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Jane Doe');
    const sent = calls.find((c) => c.name === 'leads-submit')!;
    const asked = calls.find((c) => c.name === 'leads-submit-status')!;
    expect(asked.query.get('lead_id')).toBe('lead-1');
    expect(asked.query.get('idempotency_key')).toBe((sent.body as { idempotency_key: string }).idempotency_key);
  });

  it('shows the success text when a pending request is accepted', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: { message: 'x', lead_id: 'lead-2', status: 'pending', validation_summary: null, problems: [] },
      },
      'leads-submit-status': {
        body: { message: 'x', lead_id: 'lead-2', status: 'valid', validation_summary: null, problems: [] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.success)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.leadSubmit.pending)).toBeNull();
  });

  it('sends one idempotency key per filled-in form: the same on a retry, a new one after a change', async () => {
    let fail = true;
    const calls = mockFunctions({
      ...catalogue,
      'leads-submit': () => (fail ? { status: 503, body: {} } : { body: { message: 'ok', status: 'valid' } }),
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    await screen.findByRole('alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    await screen.findByText(MESSAGES.leadSubmit.success);
    const keys = calls.filter((c) => c.name === 'leads-submit').map((c) => (c.body as any).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(keys[1]).toBe(keys[0]);
    await user.click(screen.getByRole('button', { name: 'Submit Another' }));
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    await screen.findByText(MESSAGES.leadSubmit.success);
    const third = calls.filter((c) => c.name === 'leads-submit')[2]!.body as any;
    expect(third.idempotency_key).not.toBe(keys[0]);
  });

  it('HVAC page sends Home Services / HVAC, shows the success text, and Submit Another gives an empty form', async () => {
    const calls = mockFunctions({
      ...catalogue,
      'leads-submit': { body: { message: 'ok', status: 'valid', validation_summary: null } },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.success)).toBeTruthy();
    const sent = calls.find((c) => c.name === 'leads-submit')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      customer_name: 'Jane Doe',
      phone: '512-555-0199',
      zip_code: '78701',
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'AC stopped cooling',
      idempotency_key: expect.any(String),
    });
    await user.click(screen.getByRole('button', { name: 'Submit Another' }));
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', '');
  });

  it('shows the server detail, else the fallback text, and keeps the input', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        status: 429,
        body: { detail: 'Too many requests. Please wait a few minutes and try again.', message: 'x' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/hvac');
    await screen.findByRole('heading', { name: /HVAC/ });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many requests. Please wait a few minutes and try again.',
    );
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Jane Doe');

    mockFunctions({ ...catalogue, 'leads-submit': 'network-error' });
    await user.click(screen.getByRole('button', { name: 'Get Matched Now' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(MESSAGES.leadSubmit.fallback));
  });
});

describe('/lead-intake (richer, validated form)', () => {
  it('loads sub-services after the category and clears the sub-service when the category changes', async () => {
    mockFunctions({ ...catalogue });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/lead-intake');
    const sub = (await screen.findByLabelText(/Sub-Service/)) as HTMLSelectElement;
    expect(sub.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText(/Service Category/), 'home_services');
    await user.selectOptions(
      await screen.findByLabelText(/Sub-Service/),
      await screen.findByRole('option', { name: 'Plumbing' }),
    );
    expect(sub.value).toBe('plumbing');
    await user.selectOptions(screen.getByLabelText(/Service Category/), 'legal');
    expect(sub.value).toBe('');
    expect(await screen.findByRole('option', { name: 'Family Law' })).toBeTruthy();
  });

  it('a duplicate with nothing else wrong is not told to fix and resend it', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': () => ({
        body: {
          message: 'Your request could not be accepted',
          status: 'rejected',
          validation_summary: {
            phone_valid: true,
            email_valid: true,
            content_valid: true,
            is_duplicate: true,
            ip_rate_ok: true,
          },
          problems: [{ field: null, message: 'We already have a request for this service from this phone number' }],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/lead-intake');
    await fillContact(user);
    await user.selectOptions(screen.getByLabelText(/Service Category/), 'home_services');
    await user.selectOptions(screen.getByLabelText(/Sub-Service/), await screen.findByRole('option', { name: 'HVAC' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.leadSubmit.duplicate);
    expect(alert.textContent).not.toContain('send it again');
  });

  it('sends email, urgency and contractor_id; keeps the form and shows the summary unless valid', async () => {
    let status = 'rejected';
    const calls = mockFunctions({
      ...catalogue,
      'leads-submit': () => ({
        body: {
          message: status === 'valid' ? MESSAGES.leadSubmit.success : 'Your request could not be accepted',
          status,
          validation_summary: { phone_valid: false, email_valid: true, content_valid: true, is_duplicate: true },
          problems:
            status === 'valid'
              ? []
              : [
                  { field: 'phone', message: 'This phone number does not exist' },
                  { field: null, message: 'We already have a request for this service' },
                ],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/lead-intake');
    await fillContact(user);
    await user.type(screen.getByLabelText(/Email/), 'jane@example.com');
    await user.selectOptions(screen.getByLabelText(/Service Category/), 'home_services');
    await user.selectOptions(screen.getByLabelText(/Sub-Service/), await screen.findByRole('option', { name: 'HVAC' }));
    expect(screen.getByRole('radio', { name: 'Standard' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'Emergency' }));
    await user.type(screen.getByLabelText(/Contractor ID/), ' c-42 ');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.leadSubmit.rejected);
    expect(alert.textContent).toContain('We already have a request for this service');
    expect(fieldError(/Phone/)).toBe('This phone number does not exist');
    const summary = within(alert).getByRole('list', { name: 'Validation summary' });
    expect(summary.textContent).toContain('Phone number: failed');
    expect(summary.textContent).toContain('Email address: passed');
    expect(summary.textContent).toContain('Not a duplicate request: failed');
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Jane Doe');
    expect(calls.find((c) => c.name === 'leads-submit')!.body).toMatchObject({
      email: 'jane@example.com',
      urgency: 'Emergency',
      contractor_id: 'c-42',
      sub_service: 'hvac',
    });

    status = 'valid';
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.success)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Another' }));
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', '');
  });
});

describe('/services/plumbing', () => {
  it('defaults to Home Services / Plumbing and goes to /thank-you, leaving service and name in this tab', async () => {
    const calls = mockFunctions({ ...catalogue, 'leads-submit': { body: { message: 'ok', status: 'valid' } } });
    const user = userEvent.setup();
    const { router } = renderRoutes(leadFormRoutes, '/services/plumbing');
    expect(((await screen.findByLabelText(/Service Category/)) as HTMLSelectElement).value).toBe('home_services');
    expect((screen.getByLabelText(/Sub-Service/) as HTMLSelectElement).value).toBe('plumbing');
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get a Plumber' }));
    await screen.findByRole('heading', { name: /^Thank You, Jane/ });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(JSON.parse(sessionStorage.getItem('lead_submission')!)).toEqual({
      name: 'Jane Doe',
      service: 'plumbing',
      // The form's key for the request: the thank-you may change its number with it.
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    });
    expect(calls.find((c) => c.name === 'leads-submit')!.body).toMatchObject({
      service_category: 'home_services',
      sub_service: 'plumbing',
    });
  });

  it('waits on a pending plumbing request and goes to /thank-you once it is accepted', async () => {
    let polls = 0;
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: { message: 'x', lead_id: 'lead-3', status: 'pending', validation_summary: null, problems: [] },
      },
      'leads-submit-status': () => {
        polls += 1;
        const status = polls < 2 ? 'pending' : 'valid';
        return { body: { message: 'x', lead_id: 'lead-3', status, validation_summary: null, problems: [] } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(leadFormRoutes, '/services/plumbing');
    await screen.findByLabelText(/Service Category/);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get a Plumber' }));
    // Not yet accepted: the page says it is being checked and does not thank anyone.
    expect(await screen.findByText(MESSAGES.leadSubmit.pending)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/services/plumbing');
    await screen.findByRole('heading', { name: /^Thank You, Jane/ }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(JSON.parse(sessionStorage.getItem('lead_submission')!)).toEqual({
      name: 'Jane Doe',
      service: 'plumbing',
      lead_id: 'lead-3',
      idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    });
  });

  it('a pending plumbing request refused later stays on its page with what to fix', async () => {
    const problems = [{ field: 'phone', message: 'Please enter a phone number that can receive texts' }];
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: { message: 'x', lead_id: 'lead-4', status: 'pending', validation_summary: null, problems: [] },
      },
      'leads-submit-status': {
        body: { message: 'x', lead_id: 'lead-4', status: 'rejected', validation_summary: null, problems },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(leadFormRoutes, '/services/plumbing', [
      { path: '/thank-you', element: <p>Thanks page</p> },
    ]);
    await screen.findByLabelText(/Service Category/);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get a Plumber' }));
    expect(await screen.findByText(MESSAGES.leadSubmit.rejected, {}, { timeout: 10_000 })).toBeTruthy();
    expect(fieldError(/Phone/)).toBe(problems[0]!.message);
    expect(screen.getByLabelText(/Full Name/)).toHaveProperty('value', 'Jane Doe');
    expect(router.state.location.pathname).toBe('/services/plumbing');
  });

  it('a rejected plumbing lead stays on its page with what to fix', async () => {
    mockFunctions({
      ...catalogue,
      'leads-submit': {
        body: {
          message: 'x',
          status: 'rejected',
          problems: [{ field: 'customer_name', message: 'Please enter just your name, in letters' }],
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(leadFormRoutes, '/services/plumbing', [
      { path: '/thank-you', element: <p>Thanks page</p> },
    ]);
    await screen.findByLabelText(/Service Category/);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get a Plumber' }));
    await screen.findByRole('alert');
    expect(fieldError(/Full Name/)).toBe('Please enter just your name, in letters');
    expect(router.state.location.pathname).toBe('/services/plumbing');
  });

  it('shows its own fallback text when the request fails', async () => {
    mockFunctions({ ...catalogue, 'leads-submit': { status: 500, body: {} } });
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/services/plumbing');
    await screen.findByLabelText(/Service Category/);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Get a Plumber' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.leadSubmit.plumbingFallback);
  });
});

describe('/thank-you', () => {
  it('shows what this tab submitted, never what a link says, and links back', async () => {
    // A link cannot put a name on the page: only what this tab submitted shows.
    sessionStorage.removeItem('lead_submission');
    const forged = renderRoutes(leadFormRoutes, '/thank-you?service=plumbing&name=Mallory');
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(screen.queryByText(/Mallory/)).toBeNull();
    forged.unmount();
    sessionStorage.setItem('lead_submission', JSON.stringify({ name: 'Jane', service: 'plumbing' }));
    renderRoutes(leadFormRoutes, '/thank-you?name=Mallory');
    expect(await screen.findByRole('heading', { name: 'Thank You, Jane!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Submit Another Request' }).getAttribute('href')).toBe(
      '/services/plumbing',
    );
  });

  it('asks for the texted code: a wrong one is refused in words, a new one can be asked for, the right one confirms', async () => {
    const waiting = {
      lead_id: 'lead-9',
      state: 'waiting',
      message: 'We texted you a 6-digit code.',
      confirmed_at: null,
      expires_at: '2026-11-27T23:00:00.000Z',
      tries_left: 5,
      resends_left: 2,
      resend_after_seconds: 0,
    };
    const calls = mockFunctions({
      'leads-confirm-status': { body: waiting },
      'leads-confirm-phone': (call) =>
        (call.body as { code: string }).code === '123456'
          ? {
              body: {
                ...waiting,
                state: 'confirmed',
                message: 'Phone confirmed. Thank you!',
                confirmed_at: '2026-11-27T22:31:00.000Z',
              },
            }
          : {
              status: 400,
              body: {
                detail: 'That code is not right. Please check the text message and try again (4 tries left).',
                message: 'That code is not right. Please check the text message and try again (4 tries left).',
                confirmation: { ...waiting, tries_left: 4 },
              },
            },
      'leads-confirm-resend': {
        body: { ...waiting, resends_left: 1, resend_after_seconds: 60, message: 'We texted you a new code.' },
      },
      'leads-change-phone': { body: { success: true, message: 'Thank you. We texted a new code to the new number.' } },
    });
    sessionStorage.setItem(
      'lead_submission',
      JSON.stringify({ name: 'Jane', service: 'hvac', lead_id: 'lead-9', idempotency_key: 'k'.repeat(32) }),
    );
    const user = userEvent.setup();
    renderRoutes(leadFormRoutes, '/thank-you');
    await screen.findByRole('heading', { name: 'Confirm your phone number' });
    await user.type(screen.getByLabelText(/Code from the text message/), '12 34');
    await user.click(screen.getByRole('button', { name: 'Confirm my phone' }));
    expect(await screen.findByText(/The code is the 6 digits/)).toBeTruthy();
    expect(calls.callsTo('leads-confirm-phone')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Code from the text message/));
    await user.type(screen.getByLabelText(/Code from the text message/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm my phone' }));
    expect(await screen.findByText(/That code is not right.*4 tries left/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We texted you a new code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Send a new code \(in \d+ s\)/ })).toHaveProperty('disabled', true);
    expect(
      screen.getByRole('link', { name: /Send your request again with the right number/ }).getAttribute('href'),
    ).toBe('/services/plumbing');
    await user.type(screen.getByLabelText(/Your right phone number/), '(646) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Text the code to this number' }));
    expect(await screen.findByText('Thank you. We texted a new code to the new number.')).toBeTruthy();
    expect(calls.callsTo('leads-change-phone')[0]!.body).toEqual({
      lead_id: 'lead-9',
      idempotency_key: 'k'.repeat(32),
      phone: '(646) 555-0199',
    });
    await user.type(screen.getByLabelText(/Code from the text message/), '123-456');
    await user.click(screen.getByRole('button', { name: 'Confirm my phone' }));
    expect(await screen.findByText('Phone confirmed. Thank you!')).toBeTruthy();
    expect(calls.callsTo('leads-confirm-phone').at(-1)!.body).toEqual({ lead_id: 'lead-9', code: '123456' });
  });
});
