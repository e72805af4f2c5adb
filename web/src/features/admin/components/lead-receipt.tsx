import { useState } from 'react';
import type { LeadReceipt } from '@leadmarket/contracts';
import { formatCents, plural } from '@leadmarket/contracts/display';
import { ApiError } from '../../../lib/api';
import type { AdminApi } from '../api/admin-api';
import { formatDateTime } from '../utils/format';

type Loaded =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; receipt: LeadReceipt };

/**
 * The proof of exclusivity of a sold lead, as its buyer sees it: opened on demand from
 * the lead's row (admin-lead-receipt, composed by the admin service from wallet-ledger's receipt).
 */
export function LeadReceiptDetails({ api, leadId }: { api: AdminApi; leadId: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'idle' });

  async function load() {
    if (state.kind === 'loading' || state.kind === 'ready') return;
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', receipt: await api.leadReceipt(leadId) });
    } catch (caught) {
      setState({
        kind: 'failed',
        message:
          caught instanceof ApiError
            ? caught.messageOr('The receipt could not be loaded.')
            : 'The receipt could not be loaded.',
      });
    }
  }

  return (
    <details className="admin-receipt" onToggle={(e) => (e.currentTarget.open ? void load() : undefined)}>
      <summary>Receipt</summary>
      {state.kind === 'loading' && <p role="status">Loading the receipt…</p>}
      {state.kind === 'failed' && (
        <p className="admin-muted" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <div data-testid="admin-receipt">
          <p>
            <strong>{state.receipt.exclusive ? 'Exclusive' : 'Not exclusive'}</strong> — {state.receipt.statement}
          </p>
          <ul className="admin-receipt__facts">
            <li>
              Price {formatCents(state.receipt.receipt.price_cents)} from{' '}
              {state.receipt.receipt.price_row || 'the default'} ({state.receipt.receipt.lead_type}
              {state.receipt.receipt.price_version ? `, change #${state.receipt.receipt.price_version}` : ''})
            </li>
            <li>
              Offered to {plural(state.receipt.receipt.offered_to, 'contractor')}
              {state.receipt.receipt.offered_at ? ` at ${formatDateTime(state.receipt.receipt.offered_at)}` : ''}
            </li>
            <li>Bought {formatDateTime(state.receipt.receipt.purchased_at)}</li>
            <li>
              Transaction <code>{state.receipt.receipt.transaction_id}</code>
            </li>
            <li>
              Code <code>{state.receipt.code}</code>
            </li>
          </ul>
        </div>
      )}
    </details>
  );
}
