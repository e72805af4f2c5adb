import type { Transaction } from '../api/types';
import { transactionCsvRow } from '../utils/csv';
import { formatDateTime, formatMoney, humanize, plural } from '../utils/format';
import { AdminTable } from './admin-table';
import { ExportButton } from './export-button';
import type { Notify } from './notify';

const TYPE_LABELS: Record<string, string> = { wallet_funding: 'Wallet Funding', lead_purchase: 'Lead Purchase' };
const COLUMNS = ['Contractor', 'Type', 'Amount', 'Date', 'Description'];

/** Transaction Logs (§2 tab 4): revenue box, CSV export, table or the empty state. */
export function TransactionsTab({
  transactions,
  totalRevenue,
  notify,
}: {
  /** Null until the first answer arrives. */
  transactions: Transaction[] | null;
  totalRevenue: number;
  notify: Notify;
}) {
  const rows = () => (transactions ?? []).map(transactionCsvRow);
  return (
    <section className="admin-card" aria-labelledby="transactions-title">
      <div className="admin-toolbar">
        <h2 id="transactions-title">Transaction Logs</h2>
        <div className="admin-revenue" aria-label="Total Revenue">
          <span className="admin-revenue__label">Total Revenue</span>
          <strong className="admin-revenue__value">{transactions ? formatMoney(totalRevenue) : '…'}</strong>
          <span className="admin-muted">{transactions ? plural(transactions.length, 'transaction') : 'Loading…'}</span>
        </div>
        <ExportButton rows={rows} prefix="transactions" notify={notify} />
      </div>
      {transactions === null ? (
        <p className="admin-placeholder" role="status">
          Loading transactions…
        </p>
      ) : transactions.length === 0 ? (
        <div className="admin-empty-state">
          <h3>No transactions</h3>
          <p>No lead purchases have been made yet</p>
        </div>
      ) : (
        <AdminTable columns={COLUMNS}>
          {transactions.map((t) => (
            <tr key={t.id}>
              <td>
                {t.contractors?.business_name ?? 'Unknown'}
                {t.contractors?.contact_name && <div className="admin-muted">{t.contractors.contact_name}</div>}
              </td>
              <td>{TYPE_LABELS[t.type] ?? humanize(t.type)}</td>
              <td>{formatMoney(t.amount)}</td>
              <td>{formatDateTime(t.date)}</td>
              <td>{t.description}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
