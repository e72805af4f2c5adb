import type {
  GamificationResponse,
  PerformanceMetrics,
  PurchaseHistoryResponse,
  RefundRequestsResponse,
  WeeklyReportsResponse,
} from '@leadmarket/contracts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { contractorSession } from '../../../lib/storage';
import { DashboardPage } from '../pages/dashboard-page';
import { mockFunctions, type RecordedCall } from '../../../test/fetch-mock';

/** Server state the mocked functions answer from; tests change it to move the story on. */
export interface World {
  balance: number;
  available: {
    id: string;
    service_category: string;
    sub_service: string;
    zip_code: string;
    description: string;
    created_at: string;
    lead_type?: string;
  }[];
  pricing: Record<string, number>;
  authOk: boolean;
}

export function newWorld(): World {
  return {
    balance: 25,
    authOk: true,
    pricing: { HVAC: 45, Plumbing: 30 },
    available: [
      {
        id: 'lead-old',
        service_category: 'Plumbing',
        sub_service: 'Leak Repair',
        zip_code: '12345',
        description: 'Kitchen sink leaking',
        created_at: '2026-11-01T10:00:00Z',
      },
      {
        id: 'lead-new',
        service_category: 'HVAC',
        sub_service: 'AC Repair',
        zip_code: '67890',
        description: 'x'.repeat(140),
        created_at: '2026-11-20T10:00:00Z',
        lead_type: 'emergency',
      },
    ],
  };
}

type Bought = { lead_id: string; purchase_channel?: string | null; leads?: Record<string, unknown> };
type BoughtLists = Partial<
  Record<'purchased_leads' | 'completed_leads' | 'archived_leads' | 'refunded_leads', Bought[]>
>;

/**
 * get-purchased-leads as lead-intake answers it: the spec's arrays without paging parameters, else one
 * page of one list (list, page, limit, search) with every list's size.
 */
export function purchasedAnswer(call: RecordedCall, lists: BoughtLists) {
  const byList: Record<string, Bought[]> = {
    purchased: lists.purchased_leads ?? [],
    completed: lists.completed_leads ?? [],
    archived: lists.archived_leads ?? [],
    refunded: lists.refunded_leads ?? [],
  };
  const all = Object.values(byList).flat();
  byList.claimed = all.filter((r) => r.purchase_channel === 'claim');
  if (!call.query.has('list'))
    return { body: { purchased_leads: [], completed_leads: [], archived_leads: [], refunded_leads: [], ...lists } };
  const list = call.query.get('list')!;
  const page = Number(call.query.get('page') ?? 1);
  const limit = Number(call.query.get('limit') ?? 25);
  const words = (call.query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = byList[list]!.filter((r) => {
    const text = Object.values(r.leads ?? {})
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
  return {
    body: {
      list,
      leads: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      page,
      limit,
      pages: Math.max(1, Math.ceil(found.length / limit)),
      counts: Object.fromEntries(Object.entries(byList).map(([k, v]) => [k, v.length])),
    },
  };
}

/** A call the mocked aggregate makes to the other handlers (never recorded as a browser call). */
const innerCall = (name: string, query: Record<string, string> = {}): RecordedCall => ({
  name,
  method: 'GET',
  query: new URLSearchParams({ contractor_id: 'c-1', ...query }),
  body: undefined,
  headers: { authorization: 'Bearer tok-1' },
  authorization: 'Bearer tok-1',
});

type Handler = (call: RecordedCall) => any;

/**
 * contractors-dashboard as the contractors service composes it: the first screen's parts taken from
 * the same handlers the separate calls answer from (so a test's override shows in both); a part whose
 * handler fails is null and named in `missing`.
 */
function aggregate(world: World, handlers: Record<string, Handler>) {
  return async () => {
    if (!world.authOk) return { status: 401, body: { detail: 'Session expired. Please log in again.' } };
    const missing: string[] = [];
    const part = async (key: string, name: string, pick: (body: any) => unknown, query?: Record<string, string>) => {
      const answer = await handlers[name]?.(innerCall(name, query));
      const ok = answer && answer !== 'network-error' && (answer.status ?? 200) < 400;
      const value = ok ? pick(answer.body) : null;
      if (value == null) missing.push(key);
      return value ?? null;
    };
    const body = {
      contractor: CONTRACTOR,
      claimed_leads: [],
      wallet_balance: world.balance,
      auto_reload: await part('auto_reload', 'auto-reload-settings', (b) => {
        const { success: _success, ...settings } = b.settings ?? b;
        return settings;
      }),
      metrics: await part('metrics', 'contractor-performance-metrics', (b) => b, { days: '30' }),
      gamification: await part('gamification', 'gamification-scoring', (b) => b.gamification),
      history_total: await part('history_total', 'get-lead-purchase-history', (b) => b.pagination?.total_records, {
        page: '1',
        limit: '25',
      }),
      bought_counts: await part('bought_counts', 'get-purchased-leads', (b) => b.counts, {
        list: 'purchased',
        page: '1',
        limit: '1',
      }),
      total_available: await part('total_available', 'contractors-available-leads', (b) => b.total_available),
    };
    return { body: missing.length ? { ...body, missing } : body };
  };
}

const CONTRACTOR = {
  id: 'c-1',
  business_name: 'Cool Air LLC',
  contact_name: 'Dana Diaz',
  email: 'dana@coolair.test',
  phone: '5551234567',
  industry: 'HVAC',
  sub_service: 'AC Repair',
  zip_codes: ['67890'],
  sms_opt_in: true,
};

/** Every call the dashboard makes, answered from `world`; extra handlers override. */
export function mockDashboardServer(world: World, overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'contractor-auth-check': () =>
      world.authOk ? { body: { contractor: { id: 'c-1' } } } : { status: 401, body: { detail: 'Session expired' } },
    'contractors-available-leads': () => ({
      body: { available_leads: world.available, total_available: world.available.length },
    }),
    'get-purchased-leads': (call) => purchasedAnswer(call, {}),
    'get-category-pricing': () => ({ body: { pricing: world.pricing, pricing_by_type: {}, default_price: 0 } }),
    'auto-reload-settings': () => ({
      body: { auto_reload_enabled: false, auto_reload_threshold: 20, auto_reload_amount: 100 },
    }),
    // No API keys yet (the API keys card in Settings).
    'api-keys': () => ({ body: { success: true, keys: [], max_keys: 10 } }),
    // No webhook endpoints yet (the Integrations card in Settings).
    'webhook-endpoints': () => ({ body: { endpoints: [] } }),
    // No caps set (the Spend caps card in Settings).
    'spend-caps': () => ({
      body: {
        success: true,
        daily_cap: null,
        weekly_cap: null,
        max_lead_price: null,
        auto_reload_max_per_day: null,
        auto_reload_max_per_month: null,
        spent_today: 0,
        spent_this_week: 0,
        day_resets_at: '2026-11-21T00:00:00.000Z',
        week_resets_at: '2026-11-23T00:00:00.000Z',
      },
    }),
    'contractor-performance-metrics': () => ({
      body: {
        metrics: {
          leads_purchased: 0,
          total_spend: 0,
          total_revenue: 0,
          close_rate: 0,
          roi_ratio: 0,
          avg_response_time: 0,
        },
        daily_data: [],
      } satisfies PerformanceMetrics,
    }),
    'gamification-scoring': () => ({
      body: {
        gamification: {
          top_performer_badge: false,
          current_streak: 2,
          best_streak: 3,
          response_time_score: 90,
          avg_response_time: 4,
          total_roi: 0,
          completed_leads: 0,
          total_leads: 0,
        },
      } satisfies GamificationResponse,
    }),
    'get-lead-purchase-history': () => ({
      body: {
        success: true,
        purchase_history: [],
        pagination: { current_page: 1, total_pages: 0, total_records: 0 },
      } satisfies PurchaseHistoryResponse,
    }),
    'weekly-reports': () => ({ body: { reports: [] } satisfies WeeklyReportsResponse }),
    'get-wallet-statement': () => ({ body: { balance_cents: 0, total: 0, entries: [] } }),
    'get-auto-credits': () => ({ body: { credits: [], rules: [] } }),
    'get-refund-requests': () => ({
      body: { refund_window_days: 7, refund_requests: [] } satisfies RefundRequestsResponse,
    }),
    ...overrides,
  };
  handlers['contractors-dashboard'] ??= aggregate(world, handlers);
  return mockFunctions(handlers);
}

/** Render the dashboard at `url` with a stored session, a fresh SWR cache and a memory router. */
export function renderDashboard(url: string, { stored = true } = {}) {
  if (stored) contractorSession.save('tok-1', 'c-1');
  const router = createMemoryRouter(
    [
      { path: '/contractor/:contractorId', element: <DashboardPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/contractor-login', element: <p>Login page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}
