import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_REFRESH_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { AdminSessionExpired, createAdminApi } from '../api/admin-api';
import type { AdminStats, Transaction } from '../api/types';
import { AuditTab } from './audit-tab';
import { Banners, useBanners } from './banners';
import { ContractorsTab } from './contractors-tab';
import { LeadsTab } from './leads-tab';
import { PricingTab } from './pricing-tab';
import { RefundQueueTab } from './refund-queue-tab';
import { ScreeningTab } from './screening-tab';
import { StatsTab } from './stats-tab';
import { Tabs } from './tabs';
import { TransactionsTab } from './transactions-tab';
import { UtilitiesTab } from './utilities-tab';
import { useAdminLive } from '../api/admin-live';

const TABS = [
  { id: 'stats', label: 'Statistics' },
  { id: 'contractors', label: 'Contractors' },
  { id: 'leads', label: 'Leads' },
  { id: 'transactions', label: 'Transaction Logs' },
  { id: 'pricing', label: 'Lead Pricing' },
  { id: 'utilities', label: 'Admin Utilities' },
  { id: 'refunds', label: 'Refund Queue' },
  { id: 'screening', label: 'Screening' },
  { id: 'audit', label: 'Audit Log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The figures the header refresh loads; each null until it first arrives (tabs show placeholders). */
interface AdminData {
  stats: AdminStats | null;
  transactions: Transaction[] | null;
  totalRevenue: number;
}

/** The signed-in admin dashboard: header, banners, the tabs, refresh every 30 s (lists reload their own page). */
export function AdminDashboard({
  token,
  onLogout,
  onUnauthorized,
}: {
  token: string;
  onLogout: () => void;
  onUnauthorized: () => void;
}) {
  const api = useMemo(() => createAdminApi(token, onUnauthorized), [token, onUnauthorized]);
  const { success, error, notify } = useBanners();
  const [tab, setTab] = useState<TabId>('stats');
  const [data, setData] = useState<AdminData>({ stats: null, transactions: null, totalRevenue: 0 });
  const [loading, setLoading] = useState(false);
  const [lastUpdated, setLastUpdated] = useState<Date | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const fetchAll = useCallback(async () => {
    setLoading(true);
    try {
      const [stats, tx] = await Promise.all([api.stats(), api.transactions()]);
      setData({ stats, transactions: tx.transactions, totalRevenue: tx.total_revenue });
      setLastUpdated(new Date());
    } catch (e) {
      if (!(e instanceof AdminSessionExpired)) {
        console.error('admin data load failed', e);
        notify.error(MESSAGES.admin.fetchFailed);
      }
    } finally {
      setLoading(false);
    }
  }, [api, notify]);

  const refreshAll = useCallback(() => {
    setRefreshKey((k) => k + 1);
    return fetchAll();
  }, [fetchAll]);

  useEffect(() => {
    void fetchAll();
  }, [fetchAll]);

  // Auto-refresh always runs the latest refreshAll.
  const latestRefresh = useRef(refreshAll);
  latestRefresh.current = refreshAll;
  // New leads and sales are pushed: refresh at once; the interval stays as the fallback.
  const live = useAdminLive(token, () => void latestRefresh.current());
  useEffect(() => {
    const timer = setInterval(() => void latestRefresh.current(), ADMIN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  async function logout() {
    try {
      await api.logout();
    } catch (e) {
      // The session is dropped locally either way; an expired one is already gone on the server.
      if (!(e instanceof AdminSessionExpired)) console.error('admin-logout failed', e);
    }
    onLogout();
  }

  return (
    <main className="admin-page">
      <header className="admin-header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="admin-muted">Manage contractors and leads</p>
        </div>
        <div className="admin-header__actions">
          <span className="admin-muted" data-live={live ? 'on' : 'off'}>
            {live ? '● Live' : 'Refreshing every 30 s'}
          </span>
          {lastUpdated && (
            <span className="admin-muted admin-last-updated">Last updated: {lastUpdated.toLocaleTimeString()}</span>
          )}
          <button type="button" className="admin-button" onClick={() => void refreshAll()} disabled={loading}>
            {loading ? 'Refreshing...' : 'Refresh'}
          </button>
          <button type="button" className="admin-button" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <Banners success={success} error={error} />
      <Tabs tabs={TABS} active={tab} onChange={setTab} idPrefix="admin" />
      <div
        role="tabpanel"
        id={`admin-panel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
        className="admin-panel"
        tabIndex={0}
      >
        {tab === 'stats' && <StatsTab stats={data.stats} />}
        {tab === 'contractors' && (
          <ContractorsTab api={api} notify={notify} refreshKey={refreshKey} onChanged={fetchAll} />
        )}
        {tab === 'leads' && <LeadsTab api={api} notify={notify} refreshKey={refreshKey} onChanged={fetchAll} />}
        {tab === 'transactions' && (
          <TransactionsTab transactions={data.transactions} totalRevenue={data.totalRevenue} notify={notify} />
        )}
        {tab === 'pricing' && <PricingTab api={api} notify={notify} refreshKey={refreshKey} />}
        {tab === 'utilities' && <UtilitiesTab api={api} notify={notify} onCreated={fetchAll} refreshKey={refreshKey} />}
        {tab === 'refunds' && <RefundQueueTab api={api} notify={notify} refreshKey={refreshKey} onDecided={fetchAll} />}
        {tab === 'screening' && <ScreeningTab api={api} notify={notify} refreshKey={refreshKey} />}
        {tab === 'audit' && <AuditTab api={api} refreshKey={refreshKey} />}
      </div>
    </main>
  );
}
