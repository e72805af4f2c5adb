import { useId, useMemo, useState } from 'react';
import { plural } from '@leadmarket/contracts/display';
import {
  GOOD_RESPONSE_MINUTES,
  GOOD_RESPONSE_SCORE,
  HIGHLIGHT_ROI_RATIO,
  WEEKLY_SUMMARY_WEEKS,
} from '@leadmarket/contracts/constants';
import type { OutcomeReportsResponse } from '@leadmarket/contracts';
import type { Gamification, PerformanceMetrics, WeeklyReport } from '../api/types';
import { money } from '../domain/rules';
import { Chart } from './chart';
import { OutcomeReports } from './outcome-reports';
import { DashError } from './dash-error';
import { DashTable } from './dash-table';

/**
 * Reports: close rate and ROI from recorded outcomes, the ROI calculator (prefilled from them),
 * response-time tracker, weekly trend chart and the 5-week summary.
 */
export function ReportsTab({
  metrics,
  gamification,
  weeks,
  weeksError,
  outcomes,
  outcomesError = null,
}: {
  metrics: PerformanceMetrics | undefined;
  gamification: Gamification | undefined;
  weeks: WeeklyReport[];
  weeksError: string | null;
  outcomes?: OutcomeReportsResponse;
  outcomesError?: string | null;
}) {
  const recent = useMemo(() => weeks.slice(-WEEKLY_SUMMARY_WEEKS), [weeks]);
  const labels = useMemo(() => recent.map((w) => w.week_start_formatted), [recent]);
  const series = useMemo(
    () => [
      { label: 'Spend ($)', color: '#0b5cad', values: recent.map((w) => Number(w.spend ?? 0)) },
      { label: 'Leads purchased', color: '#b45309', values: recent.map((w) => Number(w.leads_purchased ?? 0)) },
    ],
    [recent],
  );
  return (
    <div className="dash-reports">
      <OutcomeReports reports={outcomes} error={outcomesError} />
      <RoiCalculator {...calculatorFigures(metrics, outcomes)} />
      <ResponseTracker
        minutes={gamification?.avg_response_time ?? metrics?.metrics.avg_response_time ?? 0}
        score={gamification?.response_time_score ?? 0}
      />
      <section className="dash-card dash-card--wide" aria-labelledby="weekly-title">
        <h3 id="weekly-title">Weekly Trend</h3>
        <DashError>{weeksError}</DashError>
        {recent.length > 0 ? (
          <Chart title="Weekly spend and leads purchased" kind="line" labels={labels} series={series} />
        ) : (
          !weeksError && <p className="dash-empty">No weekly data yet.</p>
        )}
      </section>
      <section className="dash-card dash-card--wide" aria-labelledby="summary-title">
        <h3 id="summary-title">Last {WEEKLY_SUMMARY_WEEKS} Weeks</h3>
        {recent.length > 0 && (
          <DashTable label="Weekly summary" columns={['Week', 'Spend', 'Leads Purchased', 'Refunds', 'Wallet Balance']}>
            {[...recent].reverse().map((w) => (
              <tr key={w.week_start_formatted}>
                <th scope="row">
                  {w.week_start_formatted} – {w.week_end_formatted}
                </th>
                <td>{money(w.spend)}</td>
                <td>{w.leads_purchased}</td>
                <td>{money(w.refunds)}</td>
                <td>{money(w.wallet_balance)}</td>
              </tr>
            ))}
          </DashTable>
        )}
      </section>
    </div>
  );
}

/**
 * The calculator's starting figures, from real ones when there are any: the 30-day leads and spend,
 * the close rate and the average won job from recorded outcomes (else the 30-day close rate).
 */
function calculatorFigures(metrics: PerformanceMetrics | undefined, outcomes: OutcomeReportsResponse | undefined) {
  const t = outcomes?.totals;
  const decided = t ? t.won + t.lost + t.never_reached : 0;
  return {
    leads: metrics?.metrics.leads_purchased ?? 0,
    spend: metrics?.metrics.total_spend ?? 0,
    closeRate: decided > 0 ? t!.close_rate : (metrics?.metrics.close_rate ?? 0),
    averageJob: t && t.average_job_value > 0 ? t.average_job_value : 0,
    fromOutcomes: decided > 0,
  };
}

/**
 * Estimate revenue and ROI from the 30-day spend, a close rate and an average job value, each
 * prefilled from real figures and editable. Keyed by them, so new figures start it afresh.
 */
function RoiCalculator(props: ReturnType<typeof calculatorFigures>) {
  return <RoiCalculatorForm key={JSON.stringify(props)} {...props} />;
}

function RoiCalculatorForm({
  leads,
  spend,
  closeRate,
  averageJob,
  fromOutcomes,
}: ReturnType<typeof calculatorFigures>) {
  const ids = { job: useId(), rate: useId(), spend: useId() };
  const [jobValue, setJobValue] = useState(String(averageJob > 0 ? Math.round(averageJob) : 500));
  const [rate, setRate] = useState(String(closeRate > 0 ? Math.round(closeRate * 10) / 10 : 25));
  const [spent, setSpent] = useState(String(spend > 0 ? spend : 100));
  const job = Number(jobValue) || 0;
  const cost = Number(spent) || 0;
  const close = Math.min(100, Math.max(0, Number(rate) || 0));
  const leadCount = leads > 0 ? leads : cost > 0 ? Math.max(1, Math.round(cost / 20)) : 0;
  const revenue = leadCount * (close / 100) * job;
  const ratio = cost > 0 ? revenue / cost : 0;
  return (
    <section className="dash-card" aria-labelledby="roi-title">
      <h3 id="roi-title">ROI Calculator</h3>
      {fromOutcomes && (
        <p className="dash-hint">
          Prefilled from your recorded outcomes (average won job and close rate) and your 30-day lead spend.
        </p>
      )}
      <div className="dash-field">
        <label htmlFor={ids.job}>Average job value ($)</label>
        <input
          id={ids.job}
          type="number"
          min="0"
          step="1"
          value={jobValue}
          onChange={(e) => setJobValue(e.target.value)}
        />
      </div>
      <div className="dash-field">
        <label htmlFor={ids.rate}>Close rate (%)</label>
        <input
          id={ids.rate}
          type="number"
          min="0"
          max="100"
          step="1"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </div>
      <div className="dash-field">
        <label htmlFor={ids.spend}>Lead spend ($)</label>
        <input id={ids.spend} type="number" min="0" step="1" value={spent} onChange={(e) => setSpent(e.target.value)} />
      </div>
      <p aria-live="polite">
        Estimated revenue {money(revenue)} from {plural(leadCount, 'lead')} · ROI{' '}
        <strong className={ratio >= HIGHLIGHT_ROI_RATIO ? 'dash-good' : undefined}>{ratio.toFixed(1)}:1</strong>
      </p>
    </section>
  );
}

/** Average response time against the 5-minute goal, with the response score (80+ is green). */
function ResponseTracker({ minutes, score }: { minutes: number; score: number }) {
  const good = minutes > 0 && minutes <= GOOD_RESPONSE_MINUTES;
  return (
    <section className="dash-card" aria-labelledby="response-title">
      <h3 id="response-title">Response Time</h3>
      <p className="dash-balance">{minutes > 0 ? `${Number(minutes).toFixed(1)} min` : '—'}</p>
      <p className={good ? 'dash-good' : 'dash-hint'}>
        {good ? 'Great: you respond within 5 minutes.' : `Aim to respond within ${GOOD_RESPONSE_MINUTES} minutes.`}
      </p>
      <p>
        Response score: <strong className={score >= GOOD_RESPONSE_SCORE ? 'dash-good' : undefined}>{score}</strong>
      </p>
    </section>
  );
}
