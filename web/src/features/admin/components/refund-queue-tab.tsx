import { useCallback, useEffect, useState } from 'react';
import { ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { OUTCOME_LABELS } from '@leadmarket/contracts/outcomes';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { RefundRequest } from '../api/types';
import { catalogueLabel, formatDateTime, formatMoney } from '../utils/format';
import { Field } from './field';
import { reportFailure, type Notify } from './notify';
import { RefundStatusBadge } from './status-badge';

/** The two decisions on a pending refund, in button order. */
const DECISIONS = [
  { action: 'approve', label: 'Approve', className: 'admin-button--success' },
  { action: 'reject', label: 'Reject', className: 'admin-button--danger' },
] as const;

/** Refund Queue (§2 tab 7), rendered once: pending requests get Approve/Reject with notes; the rest show when and why. */
export function RefundQueueTab({
  api,
  notify,
  refreshKey,
  onDecided,
}: {
  api: AdminApi;
  notify: Notify;
  refreshKey: number;
  onDecided: () => void;
}) {
  const [refunds, setRefunds] = useState<RefundRequest[] | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState('');

  const load = useCallback(async () => {
    try {
      setRefunds(await api.refunds());
    } catch (error) {
      // §8: a refund list load failure is only logged.
      if (!(error instanceof AdminSessionExpired)) console.error('admin-refund-management failed', error);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  async function decide(id: string, action: 'approve' | 'reject') {
    setBusy(id);
    try {
      await api.decideRefund(id, action, notes[id] ?? '');
      notify.success(
        MESSAGES.adminSuccess.refundDecided(action === 'approve' ? 'approved' : 'rejected'),
        ADMIN_BANNER_SHORT_MS,
      );
      await load();
      onDecided();
    } catch (error) {
      reportFailure(notify, error, MESSAGES.admin.refundFailed, MESSAGES.admin.refundError, ADMIN_BANNER_SHORT_MS);
    } finally {
      setBusy('');
    }
  }

  return (
    <section className="admin-card" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refund Queue</h2>
      {refunds === null ? (
        <p className="admin-placeholder" role="status">
          Loading refund requests…
        </p>
      ) : refunds.length === 0 ? (
        <p className="admin-empty">No refund requests</p>
      ) : (
        <ul className="admin-refunds">
          {refunds.map((r) => (
            <li key={r.id} className="admin-refund">
              <div className="admin-refund__head">
                <strong>{r.contractors?.business_name ?? 'Unknown contractor'}</strong>
                <RefundStatusBadge status={r.status} />
                <span className="admin-refund__amount">{formatMoney(r.amount)}</span>
              </div>
              {r.contractors?.email && <div className="admin-muted">{r.contractors.email}</div>}
              {r.leads && (
                <div>
                  Lead: {r.leads.customer_name ?? ''} · {catalogueLabel(r.leads.service_category ?? '')} ·{' '}
                  {r.leads.zip_code ?? ''}
                </div>
              )}
              <div>Reason: {r.reason}</div>
              <div className="admin-muted">Requested: {formatDateTime(r.requested_at)}</div>
              {r.status === 'pending' && r.evidence && <RefundEvidence evidence={r.evidence} />}
              {r.status === 'pending' &&
                (r.dependent_credits ?? []).map((d) => (
                  <p key={d.lead_id} className="admin-refund__dependency" data-testid="refund-dependency">
                    An automatic credit rests on this purchase: lead {d.lead_id.slice(0, 8)} was refunded{' '}
                    {formatMoney(d.amount)} as a repeat of this customer. Approving this refund takes that credit back,
                    unless another paid purchase of the same customer still supports it.
                  </p>
                ))}
              {r.status === 'pending' ? (
                <div className="admin-refund__decision">
                  <Field id={`refund-notes-${r.id}`} label="Admin notes">
                    <textarea
                      id={`refund-notes-${r.id}`}
                      rows={2}
                      value={notes[r.id] ?? ''}
                      onChange={(e) => setNotes((n) => ({ ...n, [r.id]: e.target.value }))}
                    />
                  </Field>
                  <div className="admin-actions">
                    {DECISIONS.map(({ action, label, className }) => (
                      <button
                        key={action}
                        type="button"
                        className={`admin-button ${className}`}
                        onClick={() => decide(r.id, action)}
                        disabled={busy === r.id}
                      >
                        {label}
                      </button>
                    ))}
                  </div>
                </div>
              ) : (
                <div className="admin-muted">
                  Processed: {formatDateTime(r.processed_at)}
                  {r.admin_notes ? <div>Notes: {r.admin_notes}</div> : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What the ledger knows of the lead: whether its customer confirmed the phone, and what the buyer
 * recorded. A confirmed phone that the buyer then never reached is the strongest sign for a refund.
 */
function RefundEvidence({ evidence }: { evidence: NonNullable<RefundRequest['evidence']> }) {
  const { phone_confirmed_at: confirmedAt, outcome } = evidence;
  return (
    <div className="admin-refund__evidence" data-testid="refund-evidence">
      <div>
        {confirmedAt ? `Customer's phone confirmed ${formatDateTime(confirmedAt)}` : "Customer's phone not confirmed"}
        {' · '}
        {outcome ? `Buyer recorded: ${OUTCOME_LABELS[outcome]}` : 'No outcome recorded by the buyer'}
      </div>
      {confirmedAt && outcome === 'never_reached' && (
        <strong>Never reached on a confirmed phone: the strongest sign this lead did not deliver.</strong>
      )}
    </div>
  );
}
