import { useEffect, useState } from 'react';
import type { CategoryOutcomesResponse } from '@leadmarket/contracts';
import { formatPercent, formatRoiRatio } from '@leadmarket/contracts/outcomes';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import { formatMoney } from '../utils/format';
import { AdminTable } from './admin-table';

const COLUMNS = ['Category', 'Leads Bought', 'Won', 'Lost', 'Never Reached', 'Open', 'Close Rate', 'Won Value', 'ROI'];

/**
 * Close rates per category, every contractor's recorded outcomes counted as the contractors' own
 * Reports count them (docs/adr/0047-lead-outcomes.md): close rate = won / decided, ROI = won jobs'
 * value / lead spend. Categories are the price matrix's rows, so a price and its close rate sit near.
 */
export function CategoryOutcomesCard({ api, refreshKey }: { api: AdminApi; refreshKey: number }) {
  const [data, setData] = useState<CategoryOutcomesResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.categoryOutcomes().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setFailed(false);
      },
      (error: unknown) => {
        if (!live || error instanceof AdminSessionExpired) return;
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, refreshKey]);

  return (
    <section className="admin-card" aria-labelledby="category-outcomes-title" data-testid="category-outcomes">
      <h2 id="category-outcomes-title">Close Rates by Category</h2>
      <p className="admin-muted">
        From the outcomes contractors record on the leads they buy: the close rate is won over decided (won, lost, never
        reached); ROI is the won jobs&apos; value for each dollar spent on leads.
      </p>
      {failed && !data ? (
        <p className="field-error" role="alert">
          Failed to load close rates
        </p>
      ) : (
        <AdminTable
          columns={COLUMNS}
          isEmpty={data !== null && data.categories.length === 0}
          emptyText="No purchased leads yet"
        >
          {data === null ? (
            <tr>
              <td colSpan={COLUMNS.length} className="admin-placeholder">
                Loading close rates…
              </td>
            </tr>
          ) : (
            data.categories.map((c) => (
              <tr key={c.category}>
                <th scope="row">{c.label}</th>
                <td>{c.leads_purchased}</td>
                <td>{c.won}</td>
                <td>{c.lost}</td>
                <td>{c.never_reached}</td>
                <td>{c.open}</td>
                <td>{formatPercent(c.close_rate)}</td>
                <td>{formatMoney(c.won_value)}</td>
                <td>{formatRoiRatio(c.roi_ratio)}</td>
              </tr>
            ))
          )}
        </AdminTable>
      )}
    </section>
  );
}
