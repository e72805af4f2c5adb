import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import type { AdminApi } from '../api/admin-api';
import type { AdminAutoCredit } from '../api/types';
import { formatDateTime, formatMoney } from '../utils/format';
import { reportFailure, type Notify } from './notify';

/**
 * The contractor's automatic credits (docs/adr/0012) with their reason and evidence, and Reverse:
 * the admin says why (the contractor is told), the credit is taken back and the action audited.
 */
export function AutoCreditsCard({
  api,
  credits,
  notify,
  onReversed,
}: {
  api: AdminApi;
  credits: AdminAutoCredit[];
  notify: Notify;
  onReversed: () => void;
}) {
  const [reversing, setReversing] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function open(id: string) {
    setReversing(id);
    setNotes('');
    setFieldError(null);
  }

  async function reverse(credit: AdminAutoCredit) {
    if (!notes.trim()) {
      setFieldError('Say why the credit is reversed');
      return;
    }
    setBusy(true);
    try {
      await api.reverseAutoCredit(credit.id, notes.trim());
      notify.success(`Automatic credit of ${formatMoney(credit.amount)} reversed`);
      setReversing(null);
      onReversed();
    } catch (error) {
      // A refusal the admin can act on (already reversed, balance too low) is shown beside the field.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage)
        setFieldError(error.serverMessage);
      else
        reportFailure(notify, error, 'Failed to reverse the automatic credit', 'Error reversing the automatic credit');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="contractor-auto-credits-title">
      <h3 id="contractor-auto-credits-title">Automatic credits</h3>
      {credits.length === 0 ? (
        <p className="admin-muted">No automatic credits</p>
      ) : (
        <ul className="admin-auto-credits">
          {credits.map((c) => (
            <li key={c.id} data-testid="admin-auto-credit">
              <p>
                <strong>{formatMoney(c.amount)}</strong> on {formatDateTime(c.credited_at)} for lead{' '}
                {c.lead_id.slice(0, 8)} — {c.reason}
                {c.status === 'reversed' && (
                  <>
                    {' '}
                    <em>
                      (reversed{c.reversed_at ? ` ${formatDateTime(c.reversed_at)}` : ''}
                      {c.reversal_notes ? `: ${c.reversal_notes}` : ''})
                    </em>
                  </>
                )}
              </p>
              <dl className="admin-facts">
                {c.evidence.map((e) => (
                  <div key={e.label} className="admin-facts__pair">
                    <dt>{e.label}</dt>
                    <dd>{e.value}</dd>
                  </div>
                ))}
              </dl>
              {c.status === 'credited' &&
                (reversing === c.id ? (
                  <form
                    className="admin-inline-form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void reverse(c);
                    }}
                  >
                    <label htmlFor={`reverse-notes-${c.id}`}>Why is it reversed? (the contractor is told)</label>
                    <textarea
                      id={`reverse-notes-${c.id}`}
                      value={notes}
                      maxLength={2000}
                      onChange={(event) => setNotes(event.target.value)}
                      aria-invalid={fieldError ? true : undefined}
                      aria-describedby={fieldError ? `reverse-notes-error-${c.id}` : undefined}
                    />
                    {fieldError && (
                      <p id={`reverse-notes-error-${c.id}`} className="field-error" role="alert">
                        {fieldError}
                      </p>
                    )}
                    <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
                      {busy ? 'Reversing…' : 'Reverse credit'}
                    </button>
                    <button type="button" className="admin-button" onClick={() => setReversing(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  <button type="button" className="admin-button" onClick={() => open(c.id)}>
                    Reverse
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
