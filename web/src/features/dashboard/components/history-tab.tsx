import { useState } from 'react';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { errorText, type Session } from '../api/client';
import { useHistory } from '../api/get-purchase-history';
import { plural } from '@leadmarket/contracts/display';
import { dateTimeInWords, money, pageButtons, humanize } from '../domain/rules';
import { DashTable } from './dash-table';

function statusClass(status: string): string {
  if (status === 'completed') return 'dash-badge dash-badge--completed';
  if (status === 'archived') return 'dash-badge dash-badge--archived';
  return 'dash-badge';
}
const statusLabel = (status: string) => (status ? status[0]!.toUpperCase() + status.slice(1) : '');

/** Purchase history: 25 rows a page, at most 5 page buttons (§2, §9). */
export function HistoryTab({ session }: { session: Session }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useHistory(session, page);
  if (error)
    return (
      <p className="dash-error" role="alert">
        {errorText(error, MESSAGES.contractor.historyFailed)}
      </p>
    );
  if (isLoading && !data) return <p role="status">Loading history...</p>;
  const rows = data?.purchase_history ?? [];
  const pagination = data?.pagination ?? { current_page: page, total_pages: 1, total_records: rows.length };
  if (rows.length === 0) return <p className="dash-empty">No purchases yet.</p>;
  return (
    <>
      <DashTable
        label="Purchase history"
        columns={['Lead ID', 'Date Purchased', 'Industry', 'Sub-Service', 'ZIP Code', 'Purchase Price', 'Status']}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <code>{row.lead_id.slice(0, 8)}</code>
            </td>
            <td>
              <time dateTime={row.date_purchased}>{dateTimeInWords(row.date_purchased)}</time>
            </td>
            <td>{humanize(row.industry)}</td>
            <td>{humanize(row.sub_service)}</td>
            <td>{row.lead_zip_code}</td>
            <td>{money(row.purchase_price)}</td>
            <td>
              <span className={statusClass(row.status)}>{statusLabel(row.status)}</span>
            </td>
          </tr>
        ))}
      </DashTable>
      <p className="dash-hint">{plural(pagination.total_records, 'purchase')}</p>
      {pagination.total_pages > 1 && (
        <nav className="dash-pages" aria-label="History pages">
          <button
            type="button"
            className="dash-btn"
            disabled={pagination.current_page <= 1}
            onClick={() => setPage(pagination.current_page - 1)}
          >
            Previous
          </button>
          {pageButtons(pagination.current_page, pagination.total_pages).map((n) => (
            <button
              key={n}
              type="button"
              className={`dash-btn${n === pagination.current_page ? ' dash-btn--primary' : ''}`}
              aria-current={n === pagination.current_page ? 'page' : undefined}
              onClick={() => setPage(n)}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            className="dash-btn"
            disabled={pagination.current_page >= pagination.total_pages}
            onClick={() => setPage(pagination.current_page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}
