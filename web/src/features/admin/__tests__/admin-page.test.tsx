import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { adminSession } from '../../../lib/storage';
import { AdminPage } from '../pages/admin-page';
import { mockFunctions } from '../../../test/fetch-mock';

const contractor = {
  id: 'c-1',
  business_name: 'Acme, "HVAC"',
  contact_name: 'Ann',
  email: 'ann@acme.test',
  phone: '5551234567',
  industry: 'HVAC',
  zip_codes: ['12345', '67890'],
  wallet_balance: 25,
  total_leads_purchased: 2,
  total_spend: 40,
};
const lead = {
  id: 'l-1',
  customer_name: 'Carl Customer',
  phone: '5559876543',
  email: 'carl@x.test',
  service_category: 'HVAC',
  sub_service: 'Repair',
  zip_code: '12345',
  description: 'Broken AC',
  status: 'purchased',
  urgency: 'Emergency',
  created_at: '2026-01-02T10:00:00Z',
  is_test: true,
  contractor_leads: [{ id: 'a-1', status: 'purchased', contractors: { business_name: 'Acme HVAC' } }],
};

const dataHandlers = {
  'admin-stats': () => ({
    body: { totalLeads: 7, totalContractors: 3, totalRevenue: 4390, activeContractors: 2 },
  }),
  'admin-contractors': () => ({ body: { contractors: [contractor], total: 1 } }),
  'admin-leads': () => ({ body: { leads: [lead], total: 1 } }),
  'admin-transactions': () => ({ body: { transactions: [], total_revenue: 0 } }),
  'admin-lead-pricing': () => ({ body: [] }),
  'admin-pricing-history': () => ({ body: [] }),
  'admin-refund-management': () => ({ body: [] }),
  'admin-logout': () => ({ body: { success: true } }),
};

describe('admin page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('logs in with the single password field and shows the dashboard', async () => {
    const calls = mockFunctions({
      'admin-login-options': () => ({ body: { multiple_admins: false } }),
      'admin-login': (req) =>
        req.body.password === 'right'
          ? { body: { session_token: 'tok-1' } }
          : { status: 401, body: { detail: 'Invalid password' } },
      ...dataHandlers,
    });
    render(<AdminPage />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Admin email')).toBeNull();
    // Enter submits.
    await userEvent.type(screen.getByLabelText('Admin password'), 'right{Enter}');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(adminSession.get()).toBe('tok-1');
    expect(calls.find((c) => c.name === 'admin-login')?.body).toEqual({ password: 'right' });
    await screen.findByText('$4,390.00');
    expect(calls.filter((c) => c.name.startsWith('admin-stats')).every((c) => c.authorization === 'Bearer tok-1')).toBe(
      true,
    );
    expect(screen.getByText(/Last updated:/)).toBeTruthy();
  });

  it('shows Invalid password for 3 seconds', async () => {
    mockFunctions({
      'admin-login-options': () => ({ body: { multiple_admins: false } }),
      'admin-login': () => ({ status: 401, body: { detail: 'Invalid password' } }),
    });
    // The banner's 3 s run on a fake clock (that also follows real time): no budget to miss.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AdminPage />);
    await userEvent.type(screen.getByLabelText('Admin password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.admin.invalidPassword);
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_BANNER_SHORT_MS));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('asks for the email when the server has several admins', async () => {
    const calls = mockFunctions({
      'admin-login-options': () => ({ body: { multiple_admins: true } }),
      'admin-login': () => ({ body: { session_token: 'tok-2' } }),
      ...dataHandlers,
    });
    render(<AdminPage />);
    await userEvent.type(await screen.findByLabelText('Admin email'), 'boss@x.test');
    await userEvent.type(screen.getByLabelText('Admin password'), 'pw{Enter}');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(calls.find((c) => c.name === 'admin-login')?.body).toEqual({ email: 'boss@x.test', password: 'pw' });
  });

  it('returns to the login card when an admin call answers 401', async () => {
    adminSession.save('expired');
    mockFunctions({
      ...dataHandlers,
      'admin-stats': () => ({ status: 401, body: { detail: 'Admin login required.' } }),
      'admin-login-options': () => ({ body: { multiple_admins: false } }),
    });
    render(<AdminPage />);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(adminSession.get()).toBeNull();
    expect(screen.queryByText('Acme HVAC')).toBeNull();
  });

  it('shows the fetch failure banner when the data cannot be loaded', async () => {
    adminSession.save('tok');
    mockFunctions({ ...dataHandlers, 'admin-stats': () => ({ status: 502, body: {} }) });
    render(<AdminPage />);
    await waitFor(() => expect(screen.getByText(MESSAGES.admin.fetchFailed)).toBeTruthy());
    // Figures that never arrived are not shown as zero.
    expect(screen.queryByText('0')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Total Leads' })).getByLabelText('Loading')).toBeTruthy();
  });

  it('lists leads with assignments and the test mark, and asks to select before a bulk delete', async () => {
    adminSession.save('tok');
    const calls = mockFunctions(dataHandlers);
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Leads' }));
    const row = (await screen.findByText('Carl Customer')).closest('tr')!;
    expect(within(row).getByText('Test lead')).toBeTruthy();
    expect(within(row).getByText('Acme HVAC')).toBeTruthy();
    expect(within(row).getByTestId('urgency').textContent).toBe('Emergency');
    expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete selected (0)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.name === 'admin-bulk-delete-leads')).toBe(false);
    // Every status a lead can have, in words; the filter, the order and the page go to the server.
    const statuses = within(screen.getByLabelText('Status filter'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(statuses).toEqual([
      'All Statuses',
      'Screening',
      'Rejected',
      'Available',
      'Purchased',
      'Completed',
      'Archived',
      'Expired',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Status filter'), 'rejected');
    await waitFor(() =>
      expect(calls.some((c) => c.name === 'admin-leads' && c.query.get('status') === 'rejected')).toBe(true),
    );
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'oldest');
    await waitFor(() =>
      expect(calls.some((c) => c.name === 'admin-leads' && c.query.get('sort') === 'oldest')).toBe(true),
    );
  });

  it('deletes selected contractors after the confirmation', async () => {
    adminSession.save('tok');
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-bulk-delete-contractors': () => ({
        body: {
          success: true,
          message: '1 contractor deleted successfully!',
          deleted: 1,
          deleted_ids: ['c-1'],
          failed: [],
        },
      }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Contractors' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select this page (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete 1 contractor?');
    await screen.findByText('1 contractor deleted successfully!');
    expect(calls.find((c) => c.name === 'admin-bulk-delete-contractors')).toMatchObject({
      method: 'DELETE',
      body: { contractor_ids: ['c-1'] },
    });
  });

  it('exports this page of contractors as CSV with quoted commas and quotes', async () => {
    adminSession.save('tok');
    mockFunctions(dataHandlers);
    let blob: Blob | undefined;
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => {} });
    let fileName = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Contractors' }));
    await screen.findByText('Acme, "HVAC"');
    await userEvent.click(screen.getByRole('button', { name: 'Export this page (1)' }));
    expect(fileName).toMatch(/^contractors-\d{4}-\d{2}-\d{2}\.csv$/);
    await screen.findByText(`${fileName} exported successfully!`);
    const lines = (await blob!.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,business_name,contact_name,email,phone,industry,zip_codes,wallet_balance,total_leads_purchased,total_spend',
    );
    expect(lines[1]).toBe('c-1,"Acme, ""HVAC""",Ann,ann@acme.test,5551234567,HVAC,"12345, 67890",25,2,40');
    expect(lines).toHaveLength(2);
  });

  it('says No data to export for an empty transaction log and shows its empty state', async () => {
    adminSession.save('tok');
    mockFunctions(dataHandlers);
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Transaction Logs' }));
    expect(screen.getByText('No transactions')).toBeTruthy();
    expect(screen.getByText('No lead purchases have been made yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByText(MESSAGES.admin.noExportData)).toBeTruthy();
  });

  it('approves a pending refund with notes, and shows processed requests without buttons', async () => {
    adminSession.save('tok');
    let decided = false;
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-refund-management': (req) => {
        if (req.method === 'POST') {
          decided = true;
          return { body: { success: true } };
        }
        return {
          body: [
            {
              id: 'r-1',
              amount: 20,
              status: decided ? 'approved' : 'pending',
              reason: 'Wrong number',
              requested_at: '2026-01-01T00:00:00Z',
              processed_at: decided ? '2026-01-02T00:00:00Z' : null,
              admin_notes: decided ? 'ok' : null,
              contractors: { business_name: 'Acme HVAC', email: 'a@x.test' },
              leads: { customer_name: 'Carl', service_category: 'HVAC', zip_code: '12345' },
              dependent_credits: [{ lead_id: 'abcdef12-0000-4000-8000-000000000000', amount: 35 }],
              ...(decided
                ? {}
                : { evidence: { phone_confirmed_at: '2026-01-01T00:00:00Z', outcome: 'never_reached' } }),
            },
          ],
        };
      },
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Refund Queue' }));
    // Before the decision: the automatic credit that rests on this purchase.
    expect((await screen.findByTestId('refund-dependency')).textContent).toContain(
      'An automatic credit rests on this purchase: lead abcdef12 was refunded $35.00 as a repeat of this customer.',
    );
    const evidence = (await screen.findByTestId('refund-evidence')).textContent;
    expect(evidence).toContain("Customer's phone confirmed");
    expect(evidence).toContain('Buyer recorded: Never reached');
    expect(evidence).toContain('Never reached on a confirmed phone: the strongest sign this lead did not deliver.');
    await userEvent.type(await screen.findByLabelText('Admin notes'), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('Refund request approved successfully');
    expect(calls.find((c) => c.name === 'admin-refund-management' && c.method === 'POST')?.body).toEqual({
      refund_request_id: 'r-1',
      action: 'approve',
      admin_notes: 'ok',
    });
    await screen.findByText(/Processed:/);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByTestId('refund-dependency')).toBeNull();
    expect(screen.queryByTestId('refund-evidence')).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'Refund Queue' })).toHaveLength(1);
  });

  it('creates a test lead only with the required fields, then lists site messages by kind', async () => {
    adminSession.save('tok');
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-utilities': () => ({
        status: 201,
        body: { success: true, lead_id: 'l-9', status: 'valid', message: MESSAGES.adminSuccess.testLeadCreated },
      }),
      'admin-site-messages': (req) =>
        req.query.get('kind') === 'contact'
          ? {
              body: {
                items: [
                  {
                    id: 'm-1',
                    kind: 'contact',
                    name: 'Quinn',
                    email: 'q@x.test',
                    subject: 'Hi',
                    message: 'Call me',
                    created_at: '2026-01-01T00:00:00Z',
                  },
                ],
                total: 1,
              },
            }
          : {
              body: {
                items: [
                  {
                    id: 'w-1',
                    kind: 'waitlist',
                    first_name: 'Wes',
                    last_name: 'Wait',
                    company: 'WW',
                    email: 'w@x.test',
                    phone: '555',
                    trade: 'hvac',
                    created_at: '2026-01-01T00:00:00Z',
                  },
                ],
                total: 1,
              },
            },
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Admin Utilities' }));
    await userEvent.type(screen.getByLabelText('Customer Name *'), 'Tess');
    await userEvent.click(screen.getByRole('button', { name: 'Create Lead' }));
    expect(screen.getByText(MESSAGES.admin.requiredFields)).toBeTruthy();
    // Each missing field says so beside itself, and the first one has the focus.
    const phone = screen.getByLabelText('Phone *');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(calls.some((c) => c.name === 'admin-utilities')).toBe(false);
    await userEvent.type(phone, '5551112222');
    await userEvent.selectOptions(screen.getByLabelText('Service Category *'), 'home_services');
    await userEvent.selectOptions(screen.getByLabelText('Sub Service'), 'plumbing');
    await userEvent.type(screen.getByLabelText('ZIP Code *'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Lead' }));
    await screen.findByText(MESSAGES.adminSuccess.testLeadCreated);
    expect(calls.find((c) => c.name === 'admin-utilities')?.body).toMatchObject({
      action: 'create_lead',
      customer_name: 'Tess',
      phone: '5551112222',
      service_category: 'home_services',
      sub_service: 'plumbing',
      zip_code: '12345',
    });
    await screen.findByText(/Wes Wait/);
    await userEvent.click(screen.getByRole('button', { name: 'Contact messages' }));
    await screen.findByText('Call me');
  });

  it('says when screening rejects a test lead, and why', async () => {
    adminSession.save('tok');
    mockFunctions({
      ...dataHandlers,
      'admin-site-messages': () => ({ body: { items: [], total: 0 } }),
      'admin-utilities': () => ({
        body: {
          success: true,
          lead_id: 'l-10',
          status: 'rejected',
          reasons: ['the phone number is not a valid US number'],
          message: 'Test lead created, but screening rejected it: the phone number is not a valid US number.',
        },
      }),
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Admin Utilities' }));
    await userEvent.type(screen.getByLabelText('Customer Name *'), 'Rex');
    await userEvent.type(screen.getByLabelText('Phone *'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Service Category *'), 'auto');
    await userEvent.type(screen.getByLabelText('ZIP Code *'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Lead' }));
    await screen.findByText(/screening rejected it: the phone number is not a valid US number/);
    expect(screen.getByText(/Rejected by screening/)).toBeTruthy();
    expect(screen.getByText('the phone number is not a valid US number')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.adminSuccess.testLeadCreated)).toBeNull();
  });

  it('pages the leads on the server: Showing 26–50 of 155', async () => {
    adminSession.save('tok');
    const many = (page: number) =>
      Array.from({ length: page <= 6 ? 25 : 5 }, (_, i) => ({
        ...lead,
        id: `l-${page}-${i}`,
        customer_name: `Customer ${(page - 1) * 25 + i + 1}`,
      }));
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-leads': (req) => ({ body: { leads: many(Number(req.query.get('page'))), total: 155 } }),
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Leads' }));
    await screen.findByText('Showing 1–25 of 155');
    expect(screen.getByRole('button', { name: 'Export all matching (155)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export this page (25)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 26–50 of 155');
    expect(screen.getByText('Customer 26')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.name === 'admin-leads')
        .at(-1)
        ?.query.get('limit'),
    ).toBe('25');
  });

  it('refreshes every 30 seconds and clears a 5 second banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      adminSession.save('tok');
      const calls = mockFunctions({ ...dataHandlers, 'admin-transactions': () => ({ status: 500, body: {} }) });
      render(<AdminPage />);
      await screen.findByText(MESSAGES.admin.fetchFailed);
      const statsCalls = () => calls.filter((c) => c.name === 'admin-stats').length;
      const first = statsCalls();
      await vi.advanceTimersByTimeAsync(5_100);
      await waitFor(() => expect(screen.queryByText(MESSAGES.admin.fetchFailed)).toBeNull());
      await vi.advanceTimersByTimeAsync(25_000);
      await waitFor(() => expect(statsCalls()).toBe(first + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes one lead or contractor only after its confirmation', async () => {
    adminSession.save('tok');
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-delete-lead': () => ({ body: { success: true } }),
      'admin-delete-contractor': () => ({ status: 404, body: { detail: 'Contractor not found' } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Leads' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete lead of Carl Customer' }));
    expect(confirm).toHaveBeenLastCalledWith(MESSAGES.confirm.deleteLead);
    expect(calls.some((c) => c.name === 'admin-delete-lead')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete lead of Carl Customer' }));
    await screen.findByText(MESSAGES.adminSuccess.leadDeleted);
    expect(calls.find((c) => c.name === 'admin-delete-lead')).toMatchObject({
      method: 'DELETE',
      body: { lead_id: 'l-1' },
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Contractors' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Acme, "HVAC"' }));
    expect(confirm).toHaveBeenLastCalledWith(MESSAGES.confirm.deleteContractor);
    await screen.findByText(MESSAGES.admin.deleteContractorFailed);
  });

  it('logs out back to the login card', async () => {
    adminSession.save('tok');
    const calls = mockFunctions({
      ...dataHandlers,
      'admin-login-options': () => ({ body: { multiple_admins: false } }),
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(calls.some((c) => c.name === 'admin-logout' && c.authorization === 'Bearer tok')).toBe(true);
    expect(adminSession.get()).toBeNull();
  });
});
