import { useState } from 'react';
import { formatCents, formatDateTime } from '@leadmarket/contracts/display';
import { errorText, type Session } from '../api/client';
import { downloadStatementCsv, useWalletStatement } from '../api/get-wallet-statement';
import { DashError } from './dash-error';
import { DashTable } from './dash-table';

const PAGE_SIZE = 25;

/** Every money move of the wallet with the balance after it; the newest line's balance is the wallet's. */
export function WalletStatement({ session }: { session: Session }) {
  const [offset, setOffset] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { data, error, isLoading } = useWalletStatement(session, offset, PAGE_SIZE);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadStatementCsv(session);
    } catch (caught) {
      setDownloadError(errorText(caught, 'Failed to download the statement'));
    } finally {
      setDownloading(false);
    }
  }

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  return (
    <section className="dash-card dash-statement" aria-labelledby="wallet-statement-title">
      <div className="dash-statement__head">
        <h3 id="wallet-statement-title">Wallet statement</h3>
        <button type="button" className="dash-btn" onClick={download} disabled={downloading || total === 0}>
          {downloading ? 'Preparing...' : 'Download CSV'}
        </button>
      </div>
      <DashError>{downloadError}</DashError>
      {error && !data ? (
        <p className="dash-error" role="alert">
          {errorText(error, 'Failed to load the wallet statement')}
        </p>
      ) : isLoading && !data ? (
        <p role="status">Loading statement...</p>
      ) : total === 0 ? (
        <p className="dash-empty">No wallet activity yet.</p>
      ) : (
        <>
          <DashTable
            label="Wallet statement entries"
            columns={['Date', 'Description', { label: 'Amount', numeric: true }, { label: 'Balance', numeric: true }]}
          >
            {data!.entries.map((entry) => (
              <tr key={entry.transaction_id} data-testid="statement-row">
                <td>{formatDateTime(entry.occurred_at, Intl.DateTimeFormat().resolvedOptions().timeZone)}</td>
                <td>{entry.label}</td>
                <td className={`dash-num ${entry.amount_cents < 0 ? 'dash-debit' : 'dash-credit'}`}>
                  {entry.amount_cents > 0 ? '+' : ''}
                  {formatCents(entry.amount_cents)}
                </td>
                <td className="dash-num" data-testid="statement-balance">
                  {formatCents(entry.balance_after_cents)}
                </td>
              </tr>
            ))}
          </DashTable>
          {pages > 1 && (
            <nav className="dash-pages" aria-label="Statement pages">
              <button
                type="button"
                className="dash-btn"
                disabled={page <= 1}
                onClick={() => setOffset(offset - PAGE_SIZE)}
              >
                Newer
              </button>
              <span className="dash-hint">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="dash-btn"
                disabled={page >= pages}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
