import type { GamificationResponse, PurchaseHistoryResponse } from '@leadmarket/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockDashboardServer, newWorld, renderDashboard } from './dashboard-fixture';

afterEach(() => vi.unstubAllGlobals());

const tabNamed = (name: RegExp) => screen.getByRole('tab', { name });

describe('the first screen from one call', () => {
  it('shows the header, the overview and every tab count from contractors-dashboard alone', async () => {
    const world = newWorld();
    world.balance = 1234.5;
    const api = mockDashboardServer(world, {
      'gamification-scoring': () => ({
        body: {
          gamification: {
            top_performer_badge: true,
            current_streak: 6,
            best_streak: 9,
            response_time_score: 95,
            avg_response_time: 3,
            total_roi: 5,
            completed_leads: 4,
            total_leads: 7,
          },
        } satisfies GamificationResponse,
      }),
      'get-lead-purchase-history': () => ({
        body: {
          success: true,
          purchase_history: [],
          pagination: { current_page: 1, total_pages: 1, total_records: 7 },
        } satisfies PurchaseHistoryResponse,
      }),
    });
    renderDashboard('/contractor/c-1');

    await screen.findByRole('heading', { name: 'Welcome back, Dana Diaz' });
    expect(screen.getByText('★ Top Performer')).toBeTruthy();
    expect(screen.getByText('6 days streak')).toBeTruthy();
    expect(screen.getAllByText('$1,234.50').length).toBeGreaterThan(0);
    expect(tabNamed(/^Available/).textContent).toContain('2');
    expect(tabNamed(/^History/).textContent).toContain('7');
    // Only the aggregate was asked: no session check, list, pricing, metrics or achievements call of its own.
    expect(api.calls.map((c) => c.name)).toEqual(['contractors-dashboard']);
    expect(api.calls[0]!.authorization).toBe('Bearer tok-1');
  });

  it('opening the Available tab asks for its cards and the prices, saying it is loading until they come', async () => {
    const world = newWorld();
    let answerList!: () => void;
    const listAsked = new Promise<void>((resolve) => (answerList = resolve));
    const api = mockDashboardServer(world, {
      // The browser's own call (recorded) waits until the test lets it answer; the aggregate's count does not.
      'contractors-available-leads': async (call) => {
        if (api.callsTo('contractors-available-leads').includes(call)) await listAsked;
        return { body: { available_leads: world.available, total_available: world.available.length } };
      },
    });
    const user = userEvent.setup();
    renderDashboard('/contractor/c-1');
    // The first screen carries the tab's count, not its cards: nothing else was asked for.
    expect((await screen.findByRole('tab', { name: /^Available/ })).textContent).toContain('2');
    expect(api.calls.map((c) => c.name)).toEqual(['contractors-dashboard']);

    await user.click(tabNamed(/^Available/));
    expect(within(screen.getByRole('tabpanel')).getByRole('status').textContent).toBe('Loading leads...');
    answerList();
    expect(await within(screen.getByRole('tabpanel')).findByText('Kitchen sink leaking')).toBeTruthy();
    expect(api.callsTo('contractors-available-leads')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('get-category-pricing')).toHaveLength(1));
  });

  it('asks the separate call for a part the aggregate names missing, and says what is unavailable', async () => {
    const world = newWorld();
    const api = mockDashboardServer(world, {
      'contractors-dashboard': async () => ({
        body: {
          contractor: { id: 'c-1', business_name: 'Cool Air LLC', contact_name: 'Dana Diaz', zip_codes: [] },
          claimed_leads: [],
          wallet_balance: 25,
          auto_reload: { auto_reload_enabled: false, auto_reload_threshold: 20, auto_reload_amount: 100 },
          metrics: { metrics: {}, daily_data: [] },
          gamification: null,
          history_total: 0,
          bought_counts: { purchased: 0, claimed: 0, completed: 0, archived: 0, refunded: 0 },
          total_available: 0,
          missing: ['gamification'],
          warning: 'Reports and achievements are temporarily unavailable.',
        },
      }),
    });
    renderDashboard('/contractor/c-1');
    await screen.findByText('Reports and achievements are temporarily unavailable.');
    // The badge is never made up: it comes from gamification-scoring's own answer.
    await screen.findByText('2 days streak');
    expect(api.callsTo('gamification-scoring')).toHaveLength(1);
    expect(api.calls.map((c) => c.name).sort()).toEqual(['contractors-dashboard', 'gamification-scoring']);
  });
});
