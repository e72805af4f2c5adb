import { useId, useState, type FormEvent } from 'react';
import { formatDollars } from '@leadmarket/contracts/display';
import {
  checkOutcome,
  LEAD_OUTCOMES,
  LOST_REASON_LABELS,
  LOST_REASONS,
  OUTCOME_LABELS,
  type LeadOutcome,
} from '@leadmarket/contracts/outcomes';
import { errorText, type Session } from '../api/client';
import type { PurchasedLead } from '../api/types';
import { updateLeadOutcome } from '../api/update-lead-outcome';
import { DashError } from './dash-error';

type Outcome = NonNullable<PurchasedLead['outcome']>;

/** The recorded outcome in words: "Won · $1,200.00", "Lost · Price too high", "Quoted". */
export function outcomeText(outcome: Outcome): string {
  const label = OUTCOME_LABELS[outcome.outcome];
  if (outcome.outcome === 'won' && outcome.job_value !== null) return `${label} · ${formatDollars(outcome.job_value)}`;
  if (outcome.outcome === 'lost' && outcome.lost_reason) return `${label} · ${LOST_REASON_LABELS[outcome.lost_reason]}`;
  return label;
}

/**
 * What came of a bought lead (docs/adr/0047-lead-outcomes.md): the outcome recorded so far and a form
 * to record or change it — contacted, quoted, won (with the job's value in dollars), lost (with a reason
 * from the list) or never reached. The rules are contracts' checkOutcome, the ones the server applies.
 */
export function OutcomeControls({
  session,
  record,
  onSuccess,
  onNeverReached,
}: {
  session: Session;
  record: PurchasedLead;
  onSuccess: (message: string) => void;
  /** Called after "never reached" is kept, with the note: the page offers the refund, prefilled. */
  onNeverReached?: (note: string | null) => void;
}) {
  const ids = { outcome: useId(), value: useId(), reason: useId(), note: useId() };
  // What this card just saved shows at once; the list's reload brings the same back.
  const [saved, setSaved] = useState<Outcome | null>(null);
  const current = saved ?? record.outcome ?? null;
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<LeadOutcome>(current?.outcome ?? 'contacted');
  const [jobValue, setJobValue] = useState(current?.job_value != null ? String(current.job_value) : '');
  const [reason, setReason] = useState<string>(current?.lost_reason ?? '');
  const [note, setNote] = useState(current?.note ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      outcome,
      job_value: outcome === 'won' ? jobValue : null,
      lost_reason: outcome === 'lost' ? reason || null : null,
      note,
    };
    const checked = checkOutcome(input);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await updateLeadOutcome(session, record.lead_id, input);
      setSaved(result.outcome);
      setOpen(false);
      onSuccess(result.message);
      if (outcome === 'never_reached') onNeverReached?.(checked.value.note);
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name === 'Error'
          ? caught.message
          : errorText(caught, 'Failed to save the outcome'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="dash-outcome">
      <p className="dash-outcome__current">
        Outcome:{' '}
        {current ? (
          <strong data-testid="lead-outcome">{outcomeText(current)}</strong>
        ) : (
          <span className="dash-hint">none recorded yet</span>
        )}
        {!open && (
          <>
            {' '}
            <button type="button" className="dash-btn dash-btn--link" onClick={() => setOpen(true)}>
              {current ? 'Change outcome' : 'Record outcome'}
            </button>
          </>
        )}
      </p>
      {open && (
        <form className="dash-outcome__form" onSubmit={submit} noValidate aria-label="Record the outcome">
          <div className="dash-field">
            <label htmlFor={ids.outcome}>Outcome</label>
            <select
              id={ids.outcome}
              value={outcome}
              onChange={(e) => {
                setOutcome(e.target.value as LeadOutcome);
                setError(null);
              }}
            >
              {LEAD_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {OUTCOME_LABELS[o]}
                </option>
              ))}
            </select>
          </div>
          {outcome === 'won' && (
            <div className="dash-field">
              <label htmlFor={ids.value}>Job value ($) *</label>
              <input
                id={ids.value}
                inputMode="decimal"
                autoComplete="off"
                placeholder="$1,200"
                value={jobValue}
                onChange={(e) => setJobValue(e.target.value)}
              />
            </div>
          )}
          {outcome === 'lost' && (
            <div className="dash-field">
              <label htmlFor={ids.reason}>Reason *</label>
              <select id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="">Choose a reason</option>
                {LOST_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {LOST_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="dash-field">
            <label htmlFor={ids.note}>Note (optional)</label>
            <input id={ids.note} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <DashError>{error}</DashError>
          <div className="dash-lead__actions">
            <button type="submit" className="dash-btn dash-btn--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save Outcome'}
            </button>
            <button
              type="button"
              className="dash-btn"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
