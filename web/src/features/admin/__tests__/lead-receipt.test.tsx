import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminSession } from '../../../lib/storage';
import { AdminPage } from '../pages/admin-page';
import { mockFunctions } from '../../../test/fetch-mock';

const LEAD = 'aaaaaaaa-0000-4000-8000-000000000000';
const lead = {
  id: LEAD,
  customer_name: 'Carl Customer',
  phone: '5559876543',
  email: 'carl@x.test',
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '12345',
  description: 'Broken AC',
  status: 'purchased',
  urgency: 'Standard',
  created_at: '2026-01-02T10:00:00Z',
  is_test: false,
  contractor_leads: [{ id: 'a-1', status: 'purchased', contractors: { business_name: 'Acme HVAC' } }],
};

describe("admin leads: a sold lead's receipt", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('opens the receipt on demand from the lead row and shows exclusivity, price, offers and code', async () => {
    adminSession.save('tok');
    const calls = mockFunctions({
      'admin-stats': () => ({ body: { totalLeads: 1, totalContractors: 1, totalRevenue: 20, activeContractors: 1 } }),
      'admin-contractors': () => ({ body: { contractors: [], total: 0 } }),
      'admin-leads': () => ({ body: { leads: [lead], total: 1 } }),
      'admin-transactions': () => ({ body: { transactions: [], total_revenue: 0 } }),
      'admin-lead-pricing': () => ({ body: [] }),
      'admin-pricing-history': () => ({ body: [] }),
      'admin-refund-management': () => ({ body: [] }),
      'admin-lead-receipt': () => ({
        body: {
          success: true,
          receipt: {
            lead_id: LEAD,
            contractor_id: 'c-1',
            purchase_id: 'p-1',
            transaction_id: 'tx-123',
            price_cents: 2000,
            price_row: 'home_services/hvac',
            lead_type: 'standard',
            price_source: 'trade',
            price_version: '4',
            priced_at: '2026-01-02T10:00:00.000Z',
            offered_at: '2026-01-02T10:00:01.000Z',
            offered_to: 2,
            purchased_at: '2026-01-02T10:05:00.000Z',
            other_purchases: 0,
            phone_confirmed_at: '',
          },
          code: 'cd'.repeat(32),
          exclusive: true,
          statement: 'This lead was sold once, to this buyer only: no other purchase of it exists.',
          verify_function: 'verify-lead-receipt',
        },
      }),
    });
    render(<AdminPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Leads' }));
    await screen.findByText('Carl Customer');
    expect(calls.some((c) => c.name === 'admin-lead-receipt')).toBe(false);
    await userEvent.click(screen.getByText('Receipt'));
    const receipt = await screen.findByTestId('admin-receipt');
    expect(receipt.textContent).toContain('Exclusive — This lead was sold once');
    expect(receipt.textContent).toContain('Price $20.00 from home_services/hvac (standard, change #4)');
    expect(receipt.textContent).toContain('Offered to 2 contractors');
    expect(within(receipt).getByText('cd'.repeat(32))).toBeTruthy();
    const asked = calls.find((c) => c.name === 'admin-lead-receipt')!;
    expect(asked.query.get('lead_id')).toBe(LEAD);
  });
});
