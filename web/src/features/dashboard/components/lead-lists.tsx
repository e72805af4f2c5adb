import { useId, useState, type FormEvent } from 'react';
import { formatPhone } from '@leadmarket/contracts/display';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { NEVER_REACHED_REFUND_REASON } from '@leadmarket/contracts/outcomes';
import { UrgencyBadge } from '../../../components/ui/urgency-badge';
import { archiveLead } from '../api/archive-lead';
import { errorText, type Session } from '../api/client';
import { completeLead } from '../api/mark-lead-complete';
import { requestRefund } from '../api/request-refund';
import type { PurchasedLead, RefundRequest } from '../api/types';
import { ReceiptDialog } from './receipt-dialog';
import { money, shortDate, humanize } from '../domain/rules';
import { ContactActions } from './contacted-button';
import { Dialog } from './dialog';
import { OutcomeControls } from './outcome-form';
import { ListControls, useServerPagedList } from './paged-search';
import { DashError } from './dash-error';

type Busy = { leadId: string; kind: 'archive' | 'complete' } | null;

/** What the lists report back to the page: a success toast or an error for the banner. */
export interface ActionResult {
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

function useLeadAction(session: Session, { onSuccess, onError }: ActionResult) {
  const [busy, setBusy] = useState<Busy>(null);
  async function run(kind: 'archive' | 'complete', leadId: string) {
    setBusy({ leadId, kind });
    const call = kind === 'archive' ? archiveLead : completeLead;
    const failed = kind === 'archive' ? MESSAGES.contractor.archiveFailed : MESSAGES.contractor.completeFailed;
    try {
      await call(session, leadId);
      onSuccess(
        kind === 'archive' ? MESSAGES.contractorSuccess.leadArchived : MESSAGES.contractorSuccess.leadCompleted,
      );
    } catch (caught) {
      onError(caught instanceof Error && caught.name === 'Error' ? caught.message : errorText(caught, failed));
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/** The error or loading line of a server-paged list (its cards keep showing while a new page loads). */
function ListState({ paged }: { paged: ReturnType<typeof useServerPagedList> }) {
  if (paged.error && paged.page.length === 0)
    return (
      <p className="dash-error" role="alert">
        {errorText(paged.error, MESSAGES.contractor.dashboardFailed)}
      </p>
    );
  if (paged.loading) return <p className="dash-hint">Loading leads...</p>;
  return null;
}

/** Leads bought through a claim link (docs/adr/0005); those still under Purchased can be archived. */
export function ClaimedList({ session, ...result }: { session: Session } & ActionResult) {
  const { busy, run } = useLeadAction(session, result);
  const paged = useServerPagedList(session, 'claimed');
  if (paged.loading || (paged.error && paged.page.length === 0)) return <ListState paged={paged} />;
  if (paged.total === 0)
    return (
      <p className="dash-empty">
        No claimed leads yet. Leads you buy through a claim link (from an SMS alert) are listed here.
      </p>
    );
  return (
    <>
      <p className="dash-hint">
        Leads you bought through a claim link. They are also in Purchased, Completed, Archived or Refunded.
      </p>
      <ListControls {...paged} label="claimed leads" />
      <ul className="dash-cards">
        {paged.page.map((record) => {
          const lead = record.leads ?? ({} as PurchasedLead['leads']);
          return (
            <li key={record.id} className="dash-card dash-lead">
              <div className="dash-lead__top">
                <span className="dash-badge dash-badge--exclusive">Exclusive</span>
                <UrgencyBadge urgency={lead.urgency} />
                {record.status && record.status !== 'purchased' && (
                  <span className="dash-badge">{humanize(record.status)}</span>
                )}
              </div>
              <h3 className="dash-lead__title">{lead.customer_name}</h3>
              <p className="dash-lead__meta">
                {humanize(lead.service_category)}
                {lead.sub_service ? ` — ${humanize(lead.sub_service)}` : ''} · ZIP {lead.zip_code} · claimed{' '}
                {shortDate(record.purchased_at)}
              </p>
              <p>
                <a href={`tel:${lead.customer_phone}`}>{formatPhone(lead.customer_phone)}</a>
              </p>
              <p className="dash-lead__desc">{lead.description}</p>
              {record.status === 'purchased' && (
                <div className="dash-lead__actions">
                  <button
                    type="button"
                    className="dash-btn"
                    disabled={busy !== null}
                    onClick={() => run('archive', record.lead_id)}
                  >
                    {busy?.leadId === record.lead_id ? 'Archiving...' : 'Archive'}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Bought leads with their contact; `mode` decides which actions a card offers. */
export function PurchasedList({
  session,
  mode,
  empty,
  refunds,
  ...result
}: {
  session: Session;
  mode: 'purchased' | 'completed' | 'archived' | 'refunded';
  empty: string;
  /** The contractor's refund requests by lead id: a pending one marks the card and hides Request Refund. */
  refunds?: Map<string, RefundRequest>;
} & ActionResult) {
  const { busy, run } = useLeadAction(session, result);
  const [refundFor, setRefundFor] = useState<{ record: PurchasedLead; reason: string } | null>(null);
  const [receiptFor, setReceiptFor] = useState<string | null>(null);
  const paged = useServerPagedList(session, mode);
  if (paged.loading || (paged.error && paged.page.length === 0)) return <ListState paged={paged} />;
  if (paged.total === 0) return <p className="dash-empty">{empty}</p>;
  return (
    <>
      <ListControls {...paged} label={`${mode} leads`} />
      <ul className="dash-cards">
        {paged.page.map((record) => {
          const lead = record.leads ?? ({} as PurchasedLead['leads']);
          const mine = busy?.leadId === record.lead_id;
          const refund = refunds?.get(record.lead_id);
          return (
            <li key={record.id} className="dash-card dash-lead" data-testid="lead-card">
              <div className="dash-lead__top">
                <button
                  type="button"
                  className="dash-badge dash-badge--exclusive dash-badge--button"
                  aria-label={`Exclusive — verify the receipt of ${lead.customer_name ?? 'this lead'}`}
                  onClick={() => setReceiptFor(record.lead_id)}
                >
                  Exclusive — verify
                </button>
                <UrgencyBadge urgency={lead.urgency} />
                {mode === 'refunded' && <span className="dash-badge">Refunded</span>}
                {mode !== 'refunded' && refund?.status === 'pending' && (
                  <span className="dash-badge dash-badge--pending">Refund pending</span>
                )}
                {mode !== 'refunded' && refund?.status === 'rejected' && (
                  <span className="dash-badge">Refund declined</span>
                )}
                <span className="dash-lead__cost">{money(record.price_paid)}</span>
              </div>
              <h3 className="dash-lead__title">{lead.customer_name}</h3>
              <p className="dash-lead__meta">
                {humanize(lead.service_category)}
                {lead.sub_service ? ` — ${humanize(lead.sub_service)}` : ''} · ZIP {lead.zip_code} · purchased{' '}
                {shortDate(record.purchased_at)}
              </p>
              <p className="dash-lead__contact">
                {mode === 'refunded' ? (
                  <a href={`tel:${lead.customer_phone}`}>{formatPhone(lead.customer_phone)}</a>
                ) : (
                  <ContactActions
                    session={session}
                    leadId={record.lead_id}
                    phone={lead.customer_phone}
                    contactedAt={record.contacted_at}
                  />
                )}
                {lead.customer_email && (
                  <>
                    {' · '}
                    <a href={`mailto:${lead.customer_email}`}>{lead.customer_email}</a>
                  </>
                )}
              </p>
              <p className="dash-lead__desc">{lead.description}</p>
              {mode === 'refunded' && (
                <p className="dash-hint">
                  Refunded {shortDate(record.refunded_at)}: {money(record.price_paid)} went back to your wallet.
                </p>
              )}
              {refund?.status === 'rejected' && refund.admin_notes && mode !== 'refunded' && (
                <p className="dash-hint">Refund declined: {refund.admin_notes}</p>
              )}
              {mode !== 'refunded' && (
                <OutcomeControls
                  session={session}
                  record={record}
                  onSuccess={result.onSuccess}
                  onNeverReached={
                    mode === 'purchased' && !refund
                      ? (note) => setRefundFor({ record, reason: neverReachedReason(note) })
                      : undefined
                  }
                />
              )}
              {mode === 'purchased' && (
                <div className="dash-lead__actions">
                  <button
                    type="button"
                    className="dash-btn dash-btn--primary"
                    disabled={busy !== null}
                    onClick={() => run('complete', record.lead_id)}
                  >
                    {mine && busy?.kind === 'complete' ? 'Completing...' : 'Mark as Completed'}
                  </button>
                  <button
                    type="button"
                    className="dash-btn"
                    disabled={busy !== null}
                    onClick={() => run('archive', record.lead_id)}
                  >
                    {mine && busy?.kind === 'archive' ? 'Archiving...' : 'Archive'}
                  </button>
                  {!refund && (
                    <button
                      type="button"
                      className="dash-btn dash-btn--link"
                      onClick={() =>
                        setRefundFor({
                          record,
                          reason:
                            record.outcome?.outcome === 'never_reached' ? neverReachedReason(record.outcome.note) : '',
                        })
                      }
                    >
                      Request Refund
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {refundFor && (
        <RefundDialog
          session={session}
          record={refundFor.record}
          initialReason={refundFor.reason}
          onClose={() => setRefundFor(null)}
          {...result}
        />
      )}
      {receiptFor && <ReceiptDialog session={session} leadId={receiptFor} onClose={() => setReceiptFor(null)} />}
    </>
  );
}

/** The refund reason a "never reached" outcome prefills: the reason written for it, then the buyer's note. */
const neverReachedReason = (note: string | null | undefined) =>
  note ? `${NEVER_REACHED_REFUND_REASON}\nNote: ${note}` : NEVER_REACHED_REFUND_REASON;

/**
 * Ask for a refund of a bought lead; the wallet service decides the window and says so in its message.
 * `initialReason` prefills the reason (a lead whose customer was never reached).
 */
function RefundDialog({
  session,
  record,
  initialReason = '',
  onClose,
  onSuccess,
}: { session: Session; record: PurchasedLead; initialReason?: string; onClose: () => void } & ActionResult) {
  const reasonId = useId();
  const [reason, setReason] = useState(initialReason);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Please tell us why you are requesting a refund');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await requestRefund(session, record.lead_id, reason.trim());
      onSuccess(result.message ?? 'Refund request submitted');
      onClose();
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name === 'Error'
          ? caught.message
          : errorText(caught, 'Failed to request refund'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Request Refund"
      subtitle={`Lead ${record.lead_id.slice(0, 8)} · paid ${money(record.price_paid)}`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <div className="dash-field">
          <label htmlFor={reasonId}>Reason *</label>
          <textarea id={reasonId} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <DashError>{error}</DashError>
        <div className="dash-dialog__actions">
          <button type="button" className="dash-btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Request'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
