import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { CopyId } from '../../../components/ui/copy-id';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { logoutContractor } from '../../../lib/contractor-session';
import { useAutoReload } from '../api/auto-reload-settings';
import { errorText, useRefreshDashboard, type Session } from '../api/client';
import { useAvailableLeads } from '../api/get-available-leads';
import { useCategoryPricing } from '../api/get-category-pricing';
import { useDashboard } from '../api/get-dashboard';
import { useGamification } from '../api/get-gamification';
import { useMetrics } from '../api/get-performance-metrics';
import { useHistory } from '../api/get-purchase-history';
import { usePurchasedCounts } from '../api/get-purchased-leads';
import { useRefundRequests } from '../api/get-refund-requests';
import { useWeeklyReports } from '../api/get-weekly-reports';
import { useOutcomeReports } from '../api/get-outcome-reports';
import { useSpendCaps } from '../api/spend-caps';
import { useLiveDashboard } from '../api/live-events';
import type { DashboardPayload, RefundRequest, WeeklyReport } from '../api/types';
import { days, money } from '../domain/rules';
import { AutoReloadForm } from '../components/auto-reload-form';
import { AvailableTab } from '../components/available-tab';
import { DashboardTabs, panelId, TAB_LABELS, tabId, type TabId } from '../components/dashboard-tabs';
import { FundForm } from '../components/fund-form';
import { HistoryTab } from '../components/history-tab';
import { ClaimedList, PurchasedList } from '../components/lead-lists';
import { OverviewTab } from '../components/overview-tab';
import { ReportsTab } from '../components/reports-tab';
import { SettingsTab } from '../components/settings-tab';
import { Toast, useToast } from '../components/toast';
import { WalletStatement } from '../components/wallet-statement';
import { AutoCredits } from '../components/auto-credits';
import '../dashboard.css';

/** After a successful payment the webhook may land a moment later; reload once it likely has (§4). */
const PAYMENT_RELOAD_MS = 2000;
const FUNDING_CARD_ID = 'funding-card';
/** The Reports tab before weekly-reports answers (one array, so the tab's memos keep their inputs). */
const NO_WEEKS: WeeklyReport[] = [];

/**
 * Who the stored session says is signed in (§2), or null after sending the user to sign in. The
 * check itself (§4) is the first and only call of the first paint: contractors-dashboard, which the
 * gateway answers only for a live session of this very contractor (401/403 otherwise).
 */
function useStoredSession(): Session | null {
  const { contractorId: routeId } = useParams();
  const navigate = useNavigate();
  const session = useMemo(() => {
    const stored = contractorSession.get();
    const id = routeId ?? stored.contractorId;
    if (!id || !stored.token || (stored.contractorId && stored.contractorId !== id)) return null;
    return { contractorId: id, token: stored.token };
  }, [routeId]);
  useEffect(() => {
    if (!session) navigate('/contractor-login', { replace: true });
  }, [session, navigate]);
  return session;
}

/** A refused session check (or another contractor's id): clear the stored session and go to sign in (§4). */
function useSessionRefusal(error: unknown) {
  const navigate = useNavigate();
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useEffect(() => {
    if (!refused) return;
    contractorSession.clear();
    navigate('/contractor-login', { replace: true });
  }, [refused, navigate]);
  return refused;
}

/** Reads payment=success|cancelled once, reports it, and removes it from the URL (§2, §4). */
function usePaymentReturn(onSuccess: () => void, onCancelled: () => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const payment = params.get('payment');
  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    if (payment === 'success') onSuccess();
    if (payment === 'cancelled') onCancelled();
    const rest = new URLSearchParams(params);
    rest.delete('payment');
    setParams(rest, { replace: true });
  }, [payment, params, setParams, onSuccess, onCancelled]);
}

/** The contractor dashboard at /contractor/:contractorId, /dashboard and /contractor-dashboard. */
export function DashboardPage() {
  const session = useStoredSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('dashboard');
  const [banner, setBanner] = useState<string | null>(null);
  const [fundFormKey, setFundFormKey] = useState(0);
  const { text: toastText, show: showToast } = useToast();
  const scrollToFunding = useRef(false);
  const refreshDashboard = useRefreshDashboard();

  // The first paint is this one call: the whole first screen. The other calls below run
  // only while their tab is open, or for a part the aggregate could not supply (null or absent).
  const dashboard = useDashboard(session);
  const refused = useSessionRefusal(dashboard.error);
  const first = dashboard.data;
  const verified = first ? session : null;
  const lacks = (part: keyof DashboardPayload) => first !== undefined && first[part] == null;
  const boughtTab = tab === 'purchased' || tab === 'completed' || tab === 'archived';
  // The Available tab's cards are asked for when the tab opens: the first paint carries its count only.
  const available = useAvailableLeads(verified, tab === 'available' || lacks('total_available'));
  const boughtCounts = usePurchasedCounts(verified, lacks('bought_counts'));
  const pricing = useCategoryPricing(verified, tab === 'available');
  // The maximum price per lead marks the Available cards above it (docs/adr/0037).
  const spendCaps = useSpendCaps(verified, tab === 'available');
  const autoReload = useAutoReload(verified, lacks('auto_reload'));
  const metrics = useMetrics(verified, lacks('metrics'));
  const gamificationQuery = useGamification(verified, lacks('gamification'));
  const historyFirstPage = useHistory(verified, 1, lacks('history_total'));
  const weekly = useWeeklyReports(verified, tab === 'reports');
  const outcomeReports = useOutcomeReports(verified, tab === 'reports');
  const refundRequests = useRefundRequests(verified, boughtTab);
  const live = useLiveDashboard(verified);
  const availableData = available.data;
  // Leads this browser learned are sold (a lost race): hidden at once, even before matching's list catches up.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const availableLeads = useMemo(
    () => (availableData?.available_leads ?? []).filter((l) => !gone.has(l.id)),
    [availableData, gone],
  );
  const refunds = useMemo(
    () => new Map((refundRequests.data?.refund_requests ?? []).map((r): [string, RefundRequest] => [r.lead_id, r])),
    [refundRequests.data],
  );

  // A title per screen: the tab in view names the page.
  useEffect(() => {
    document.title = `${TAB_LABELS[tab]} · Contractor Dashboard · leadmarket`;
  }, [tab]);

  const succeed = useCallback(
    (message: string, ms?: number) => {
      setBanner(null);
      showToast(message, ms);
      void refreshDashboard();
    },
    [showToast, refreshDashboard],
  );
  const fail = useCallback((message: string) => setBanner(message), []);

  usePaymentReturn(
    useCallback(() => {
      setTab('wallet');
      setFundFormKey((k) => k + 1);
      showToast(MESSAGES.contractorSuccess.walletFunded);
      setTimeout(() => void refreshDashboard(), PAYMENT_RELOAD_MS);
    }, [showToast, refreshDashboard]),
    useCallback(() => {
      setTab('wallet');
      setBanner(MESSAGES.contractor.paymentCancelled);
    }, []),
  );

  // "Add Funds" opens the wallet tab and brings its funding card into view.
  useEffect(() => {
    if (!scrollToFunding.current || tab !== 'wallet') return;
    scrollToFunding.current = false;
    const card = document.getElementById(FUNDING_CARD_ID);
    card?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    card?.querySelector<HTMLInputElement>('input')?.focus();
  }, [tab]);
  const addFunds = useCallback(() => {
    scrollToFunding.current = true;
    setTab('wallet');
  }, []);

  function logout() {
    logoutContractor();
    navigate('/contractor-login');
  }

  const gamification = first?.gamification ?? gamificationQuery.data?.gamification;
  const autoReloadSettings = first?.auto_reload ?? autoReload.data;
  const metricsData = first?.metrics ?? metrics.data;
  const weeks = weekly.data?.reports ?? NO_WEEKS;
  const prices = pricing.data?.pricing;

  if (dashboard.error && !dashboard.data && !refused) {
    return (
      <main className="dash-fatal">
        <h1>Something went wrong</h1>
        <p role="alert">{errorText(dashboard.error, MESSAGES.contractor.dashboardFailed)}</p>
        <Link className="dash-btn dash-btn--primary" to="/">
          Back to Home
        </Link>
      </main>
    );
  }
  if (!session || !dashboard.data) return <PageLoading label="Loading dashboard..." />;

  const { contractor } = dashboard.data;
  // The aggregate answers null for a part another service could not supply; show 0 rather than fail.
  const balance = Number(dashboard.data.wallet_balance ?? 0);
  const bought = dashboard.data.bought_counts ?? boughtCounts.data?.counts;
  const counts: Partial<Record<TabId, number>> = {
    // The open tab's own list when it has one (its cards and their count agree), else the first paint's count.
    available: availableData
      ? Math.max(0, availableData.total_available - availableData.available_leads.filter((l) => gone.has(l.id)).length)
      : (dashboard.data.total_available ?? 0),
    // Each bought lead is in one of Purchased, Completed, Archived, Refunded; Claimed is a view by channel.
    claimed: bought?.claimed ?? 0,
    purchased: bought?.purchased ?? 0,
    completed: bought?.completed ?? 0,
    archived: bought?.archived ?? 0,
    refunded: bought?.refunded ?? 0,
    history: dashboard.data.history_total ?? historyFirstPage.data?.pagination?.total_records ?? 0,
  };
  const listProps = { session, onSuccess: succeed, onError: fail };

  return (
    <div className="dash">
      <header className="dash-header">
        <div>
          <h1>Welcome back, {contractor.contact_name}</h1>
          <p className="dash-hint">{contractor.business_name}</p>
          <CopyId id={contractor.id || session.contractorId} />
          <div className="dash-badges">
            {gamification?.top_performer_badge && <span className="dash-badge dash-badge--top">★ Top Performer</span>}
            <span className="dash-badge dash-badge--streak">{days(gamification?.current_streak ?? 0)} streak</span>
            <span className="dash-badge" data-live={live ? 'on' : 'off'} title="New leads appear without reloading">
              {live ? '● Live' : 'Refreshing every 30 s'}
            </span>
          </div>
        </div>
        <button type="button" className="dash-btn" onClick={logout}>
          Logout
        </button>
      </header>
      <main className="dash-main">
        <Toast text={toastText} />

        {contractor.sms_opt_in === false && (
          <p className="dash-alerts-banner" role="note">
            You receive no lead alerts: SMS alerts are off, so new leads only appear under Available.{' '}
            <button type="button" className="dash-btn dash-btn--link" onClick={() => setTab('settings')}>
              Turn on SMS alerts in Settings
            </button>
          </p>
        )}

        {dashboard.data.warning && (
          <p className="dash-hint" role="status">
            {dashboard.data.warning}
          </p>
        )}

        {banner && (
          <div className="dash-banner" role="alert">
            <span>{banner}</span>
            <button
              type="button"
              className="dash-btn dash-btn--link"
              onClick={() => setBanner(null)}
              aria-label="Dismiss message"
            >
              ×
            </button>
          </div>
        )}

        <DashboardTabs active={tab} counts={counts} onSelect={setTab} />

        <div id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} tabIndex={0} className="dash-panel">
          {/* The panel's own heading keeps the outline h1 → h2 → h3 (cards and sections use h3). */}
          <h2 className="visually-hidden">{TAB_LABELS[tab]}</h2>
          {tab === 'dashboard' && (
            <OverviewTab
              balance={balance}
              autoReload={autoReloadSettings}
              metrics={metricsData}
              gamification={gamification}
              onAddFunds={addFunds}
            />
          )}
          {tab === 'available' &&
            (available.error && !availableData ? (
              <p className="dash-error" role="alert">
                {errorText(available.error, MESSAGES.contractor.dashboardFailed)}
              </p>
            ) : !availableData ? (
              <p className="dash-hint" role="status">
                Loading leads...
              </p>
            ) : (
              <AvailableTab
                session={session}
                leads={availableLeads}
                total={counts.available}
                pricing={prices}
                balance={balance}
                maxLeadPrice={spendCaps.data?.max_lead_price ?? null}
                onOpenSettings={() => setTab('settings')}
                onPurchased={succeed}
                onAddFunds={addFunds}
                onLost={(leadId, message) => {
                  setGone((g) => new Set(g).add(leadId));
                  setBanner(message);
                }}
              />
            ))}
          {tab === 'claimed' && <ClaimedList {...listProps} />}
          {/* Keyed by tab: each list keeps its own page and search. */}
          {tab === 'purchased' && (
            <PurchasedList
              key="purchased"
              {...listProps}
              mode="purchased"
              refunds={refunds}
              empty="No purchased leads yet."
            />
          )}
          {tab === 'completed' && (
            <PurchasedList
              key="completed"
              {...listProps}
              mode="completed"
              refunds={refunds}
              empty="No completed leads yet."
            />
          )}
          {tab === 'archived' && (
            <PurchasedList key="archived" {...listProps} mode="archived" refunds={refunds} empty="No archived leads." />
          )}
          {tab === 'refunded' && (
            <PurchasedList key="refunded" {...listProps} mode="refunded" empty="No refunded leads." />
          )}
          {tab === 'history' && <HistoryTab session={session} />}
          {tab === 'wallet' && (
            <div className="dash-wallet">
              <section className="dash-card" aria-labelledby="wallet-balance-title">
                <h3 id="wallet-balance-title">Current Balance</h3>
                <p className="dash-balance">{money(balance)}</p>
              </section>
              <FundForm
                key={fundFormKey}
                session={session}
                id={FUNDING_CARD_ID}
                available={autoReloadSettings?.funding_available !== false}
              />
              <AutoReloadForm session={session} settings={autoReloadSettings} onSaved={(message) => succeed(message)} />
              <AutoCredits session={session} />
              <WalletStatement session={session} />
            </div>
          )}
          {tab === 'reports' && (
            <ReportsTab
              metrics={metricsData}
              gamification={gamification}
              weeks={weeks}
              weeksError={
                weekly.error && !weekly.data ? errorText(weekly.error, 'Failed to load weekly reports') : null
              }
              outcomes={outcomeReports.data}
              outcomesError={
                outcomeReports.error && !outcomeReports.data
                  ? errorText(outcomeReports.error, 'Failed to load close rate and ROI')
                  : null
              }
            />
          )}
          {tab === 'settings' && (
            <SettingsTab
              session={session}
              contractor={contractor}
              onSuccess={succeed}
              onError={fail}
              fundingAvailable={autoReloadSettings?.funding_available !== false}
            />
          )}
        </div>
      </main>
    </div>
  );
}
