import { useMemo } from 'react';
import { CHART_DAYS, GOOD_RESPONSE_SCORE, HIGHLIGHT_ROI_RATIO } from '@leadmarket/contracts/constants';
import type { AutoReloadSettings, Gamification, PerformanceMetrics } from '../api/types';
import { days, money, walletBarPercent } from '../domain/rules';
import { Chart } from './chart';

const PURCHASED = '#0b5cad';
const BOOKED = '#15803d';

/** The dashboard tab: wallet overview, auto-reload state, 30-day metrics, 7-day chart, achievements. */
export function OverviewTab({
  balance,
  autoReload,
  metrics,
  gamification,
  onAddFunds,
}: {
  balance: number;
  autoReload: AutoReloadSettings | undefined;
  metrics: PerformanceMetrics | undefined;
  gamification: Gamification | undefined;
  onAddFunds: () => void;
}) {
  const m = metrics?.metrics;
  const daily = metrics?.daily_data;
  // Stable inputs: the chart is rebuilt only when the data changes, not on every toast or refresh.
  const chart = useMemo(() => {
    const lastDays = (daily ?? []).slice(-CHART_DAYS);
    return {
      labels: lastDays.map((d) => d.date.slice(5)),
      series: [
        { label: 'Purchased', color: PURCHASED, values: lastDays.map((d) => d.leads_purchased) },
        { label: 'Booked', color: BOOKED, values: lastDays.map((d) => d.leads_booked) },
      ],
    };
  }, [daily]);
  const percent = walletBarPercent(balance);
  return (
    <div className="dash-overview">
      <section className="dash-card" aria-labelledby="wallet-overview-title">
        <h3 id="wallet-overview-title">Wallet Balance</h3>
        <p className="dash-balance">{money(balance)}</p>
        <div
          className="dash-bar"
          role="progressbar"
          aria-label="Wallet level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <div className="dash-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="dash-hint">
          Auto-reload:{' '}
          {autoReload?.auto_reload_enabled
            ? `on — adds ${money(autoReload.auto_reload_amount)} when the balance falls below ${money(autoReload.auto_reload_threshold)}`
            : autoReload?.disabled_reason
              ? `off — ${autoReload.disabled_reason}`
              : 'off'}
        </p>
        <button type="button" className="dash-btn dash-btn--primary" onClick={onAddFunds}>
          Add Funds
        </button>
      </section>

      <section className="dash-card" aria-labelledby="metrics-title">
        <h3 id="metrics-title">Last 30 Days</h3>
        <dl className="dash-stats">
          <div>
            <dt>Leads Purchased</dt>
            <dd>{m?.leads_purchased ?? 0}</dd>
          </div>
          <div>
            <dt>Total Spend</dt>
            <dd>{money(m?.total_spend)}</dd>
          </div>
          <div>
            <dt>Close Rate</dt>
            <dd>{Number(m?.close_rate ?? 0).toFixed(1)}%</dd>
          </div>
          <div>
            <dt>ROI</dt>
            <dd className={(m?.roi_ratio ?? 0) >= HIGHLIGHT_ROI_RATIO ? 'dash-good' : undefined}>
              {Number(m?.roi_ratio ?? 0).toFixed(1)}:1
            </dd>
          </div>
        </dl>
      </section>

      <section className="dash-card dash-card--wide" aria-labelledby="chart-title">
        <h3 id="chart-title">Last 7 Days</h3>
        {chart.labels.length > 0 ? (
          <Chart
            title="Leads purchased versus booked, last 7 days"
            kind="bars"
            labels={chart.labels}
            series={chart.series}
          />
        ) : (
          <p className="dash-empty">No activity in the last 7 days.</p>
        )}
      </section>

      <section className="dash-card" aria-labelledby="achievements-title">
        <h3 id="achievements-title">Achievements</h3>
        <dl className="dash-stats">
          <div>
            <dt>Response Score</dt>
            <dd className={(gamification?.response_time_score ?? 0) >= GOOD_RESPONSE_SCORE ? 'dash-good' : undefined}>
              {gamification?.response_time_score ?? 0}
            </dd>
          </div>
          <div>
            <dt>Current Streak</dt>
            <dd>{days(gamification?.current_streak ?? 0)}</dd>
          </div>
          <div>
            <dt>Best Streak</dt>
            <dd>{days(gamification?.best_streak ?? 0)}</dd>
          </div>
          <div>
            <dt>Total ROI</dt>
            <dd className={(gamification?.total_roi ?? 0) >= HIGHLIGHT_ROI_RATIO ? 'dash-good' : undefined}>
              {Number(gamification?.total_roi ?? 0).toFixed(1)}:1
            </dd>
          </div>
          <div>
            <dt>Completed</dt>
            <dd>
              {gamification?.completed_leads ?? 0} of {gamification?.total_leads ?? 0}
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
