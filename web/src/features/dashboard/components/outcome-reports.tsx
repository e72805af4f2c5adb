import { plural } from '@leadmarket/contracts/display';
import { HIGHLIGHT_ROI_RATIO } from '@leadmarket/contracts/constants';
import { formatPercent, formatRoiRatio } from '@leadmarket/contracts/outcomes';
import type { OutcomeFigures, OutcomeReportsResponse } from '@leadmarket/contracts';
import { money } from '../domain/rules';
import { DashError } from './dash-error';

/** The columns both breakdowns share after their first. */
function FigureCells({ f }: { f: OutcomeFigures }) {
  return (
    <>
      <td>{f.leads_purchased}</td>
      <td>{f.won}</td>
      <td>{f.lost}</td>
      <td>{f.never_reached}</td>
      <td>{formatPercent(f.close_rate)}</td>
      <td>{money(f.spend)}</td>
      <td>{money(f.won_value)}</td>
      <td className={f.roi_ratio >= HIGHLIGHT_ROI_RATIO ? 'dash-good' : undefined}>{formatRoiRatio(f.roi_ratio)}</td>
    </>
  );
}

const FIGURE_HEADS = ['Leads', 'Won', 'Lost', 'Never Reached', 'Close Rate', 'Spend', 'Won Value', 'ROI'];

function Breakdown({ title, first, rows }: { title: string; first: string; rows: Array<[string, OutcomeFigures]> }) {
  return (
    <div className="dash-table-wrap" tabIndex={0} role="region" aria-label={title}>
      <table className="dash-table">
        <caption className="dash-outcomes__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {FIGURE_HEADS.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, f]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <FigureCells f={f} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Close rate and ROI from the outcomes the contractor recorded (docs/adr/0047-lead-outcomes.md): close
 * rate = won / decided (won, lost, never reached), ROI = won jobs' value / lead spend, in all, by
 * category and by ZIP code, and why jobs were lost.
 */
export function OutcomeReports({
  reports,
  error,
}: {
  reports: OutcomeReportsResponse | undefined;
  error: string | null;
}) {
  const t = reports?.totals;
  return (
    <section className="dash-card dash-card--wide" aria-labelledby="outcomes-title" data-testid="outcome-reports">
      <h3 id="outcomes-title">Close Rate and ROI</h3>
      <DashError>{error}</DashError>
      {!reports && !error && <p className="dash-hint">Loading outcomes...</p>}
      {t && t.leads_purchased === 0 && (
        <p className="dash-empty">
          No purchased leads yet. Record what happened with each lead you buy (won, lost, never reached) to see your
          close rate and ROI here.
        </p>
      )}
      {t && t.leads_purchased > 0 && (
        <>
          <dl className="dash-outcomes__totals">
            <div>
              <dt>Close rate</dt>
              <dd data-testid="outcome-close-rate">{formatPercent(t.close_rate)}</dd>
            </div>
            <div>
              <dt>ROI</dt>
              <dd data-testid="outcome-roi" className={t.roi_ratio >= HIGHLIGHT_ROI_RATIO ? 'dash-good' : undefined}>
                {formatRoiRatio(t.roi_ratio)}
              </dd>
            </div>
            <div>
              <dt>Net return</dt>
              <dd data-testid="outcome-net-roi">{formatPercent(t.net_roi)}</dd>
            </div>
            <div>
              <dt>Won jobs</dt>
              <dd data-testid="outcome-won-value">{money(t.won_value)}</dd>
            </div>
            <div>
              <dt>Lead spend</dt>
              <dd data-testid="outcome-spend">{money(t.spend)}</dd>
            </div>
          </dl>
          <p className="dash-hint">
            {plural(t.won, 'lead')} won, {t.lost} lost, {t.never_reached} never reached and {t.open} still open of{' '}
            {plural(t.leads_purchased, 'lead')} bought. The close rate counts decided leads only (won, lost, never
            reached); ROI is the won jobs&apos; value for each dollar of lead spend, and the net return subtracts the
            spend.
            {t.won_estimated > 0 &&
              ` ${plural(t.won_estimated, 'completed lead')} without a recorded job value ${t.won_estimated === 1 ? 'counts' : 'count'} at ${money(reports.assumed_job_value)}.`}
          </p>
          <Breakdown
            title="By category"
            first="Category"
            rows={reports.by_category.map((c) => [c.label, c] as [string, OutcomeFigures])}
          />
          <Breakdown
            title="By ZIP code"
            first="ZIP Code"
            rows={reports.by_zip.map((z) => [z.zip_code, z] as [string, OutcomeFigures])}
          />
          {reports.lost_reasons.length > 0 && (
            <>
              <h4>Why jobs were lost</h4>
              <ul className="dash-outcomes__reasons">
                {reports.lost_reasons.map((r) => (
                  <li key={r.reason}>
                    {r.label}: {r.count}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
