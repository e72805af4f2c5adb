import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import type { Contractor } from '../api/types';
import { mockFunctions } from '../../../test/fetch-mock';

const contractor: Contractor = {
  id: 'c-1',
  business_name: 'Cool Air LLC',
  contact_name: 'Dana Diaz',
  email: 'dana@coolair.test',
  phone: '(555) 123-4567',
  industry: 'HVAC',
  sub_service: 'AC Repair',
  zip_codes: ['12345', '67890'],
  sms_opt_in: true,
  created_at: '2026-01-05T10:00:00.000Z',
};
const session = { contractorId: 'c-1', token: 'tok-1' };

function catalogue(subServicesDelay = 0) {
  return mockFunctions({
    industries: () => ({
      body: [
        { value: 'HVAC', label: 'HVAC' },
        { value: 'Plumbing', label: 'Plumbing' },
      ],
    }),
    'sub-services': async (call) => {
      if (subServicesDelay) await new Promise((r) => setTimeout(r, subServicesDelay));
      return call.query.get('industry') === 'Plumbing'
        ? { body: [{ value: 'Leak Repair', label: 'Leak Repair' }] }
        : {
            body: [
              { value: 'AC Repair', label: 'AC Repair' },
              { value: 'Furnace', label: 'Furnace' },
            ],
          };
    },
    'update-contractor-profile': () => ({ body: { success: true, message: 'Profile updated' } }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Edit Profile dialog', () => {
  it('opens filled from the record, with zip codes joined by comma and space', async () => {
    catalogue();
    render(<EditProfileDialog contractor={contractor} session={session} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.getByText('Update your business information and service details.')).toBeTruthy();
    expect((screen.getByLabelText('Business Name *') as HTMLInputElement).value).toBe('Cool Air LLC');
    expect((screen.getByLabelText('Service Areas (ZIP Codes) *') as HTMLInputElement).value).toBe('12345, 67890');
    expect(screen.getByPlaceholderText('12345, 67890, 54321')).toBeTruthy();
    expect(screen.getByText('Enter ZIP codes separated by commas')).toBeTruthy();
    expect(
      (screen.getByLabelText('I agree to receive SMS notifications about new leads') as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('reports the four validation failures in the spec order and sends nothing until all pass', async () => {
    const user = userEvent.setup();
    const api = catalogue();
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(<EditProfileDialog contractor={contractor} session={session} onClose={onClose} onSaved={onSaved} />);
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const save = () => user.click(screen.getByRole('button', { name: 'Save Changes' }));

    // Every rule broken at once: the required-fields rule speaks first.
    await user.clear(field('Business Name *'));
    await user.clear(field('Email *'));
    await user.type(field('Email *'), 'not an email');
    await user.clear(field('Phone *'));
    await user.type(field('Phone *'), '12-34');
    await user.clear(field('Service Areas (ZIP Codes) *'));
    await user.type(field('Service Areas (ZIP Codes) *'), ' , ,');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    // Each wrong field also says its own problem beside it, and the first of them has the focus.
    const ownError = (label: string) =>
      document.getElementById(field(label).getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    expect(ownError('Business Name *')).toBe('Enter your business name');
    expect(ownError('Email *')).toBe('Please enter a valid email address');
    expect(ownError('Phone *')).toBe('Please enter a valid phone number');
    expect(ownError('Service Areas (ZIP Codes) *')).toBe('Please enter at least one zip code');
    expect(field('Contact Name *').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Business Name *'));

    await user.type(field('Business Name *'), 'Cool Air LLC');
    expect(field('Business Name *').getAttribute('aria-invalid')).toBeNull();
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');

    await user.clear(field('Email *'));
    await user.type(field('Email *'), 'dana@coolair.test');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');

    await user.clear(field('Phone *'));
    await user.type(field('Phone *'), '+1 (555) 987-6543');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Please enter at least one zip code');
    expect(api.callsTo('update-contractor-profile')).toHaveLength(0);

    await user.clear(field('Service Areas (ZIP Codes) *'));
    await user.type(field('Service Areas (ZIP Codes) *'), ' 11111 , ,22222,');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    const [sent] = api.callsTo('update-contractor-profile');
    expect(sent!.authorization).toBe('Bearer tok-1');
    expect(sent!.body).toMatchObject({
      business_name: 'Cool Air LLC',
      email: 'dana@coolair.test',
      phone: '+1 (555) 987-6543',
      zip_codes: ['11111', '22222'],
      sms_opt_in: true,
      contractor_id: 'c-1',
      session_token: 'tok-1',
    });
  });

  it('changing the category empties the sub-service and shows Loading... while the list loads', async () => {
    const user = userEvent.setup();
    catalogue(150);
    render(<EditProfileDialog contractor={contractor} session={session} onClose={() => {}} onSaved={() => {}} />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Plumbing' })).toBeTruthy());
    await waitFor(() => expect((screen.getByLabelText('Sub-Service *') as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(screen.getByLabelText('Service Category *'), 'Plumbing');
    const sub = screen.getByLabelText('Sub-Service *') as HTMLSelectElement;
    expect(sub.disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'Loading...' })).toBeTruthy();
    expect(sub.value).toBe('');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Leak Repair' })).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');

    await user.selectOptions(screen.getByLabelText('Service Category *'), '');
    expect(screen.queryByLabelText('Sub-Service *')).toBeNull();
  });

  it('stays open with the server message, or the fallback, when saving fails', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    mockFunctions({
      industries: () => ({ body: [{ value: 'HVAC', label: 'HVAC' }] }),
      'sub-services': () => ({ body: [{ value: 'AC Repair', label: 'AC Repair' }] }),
      'update-contractor-profile': () => ({ status: 500, body: {} }),
    });
    render(<EditProfileDialog contractor={contractor} session={session} onClose={onClose} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update profile'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('says the dropdowns failed when a list cannot load, and that the session expired without a token', async () => {
    const user = userEvent.setup();
    mockFunctions({ industries: () => ({ status: 503, body: {} }), 'sub-services': () => ({ body: [] }) });
    render(
      <EditProfileDialog
        contractor={contractor}
        session={{ contractorId: 'c-1', token: '' }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error loading dropdown options'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Session expired. Please log in again.'));
  });
});
