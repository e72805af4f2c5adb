import { formatCents, formatDateTime, humanizeValue } from '@leadmarket/contracts/display';
import { errorText, type Session } from '../api/client';
import { useAutoCredits } from '../api/get-auto-credits';

const localTime = (iso: string) => formatDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * "Automatic credits" on the Wallet tab: the rules that refund a lead without asking, and each
 * credit with its date, lead, amount, reason in words and the evidence behind it (docs/adr/0012).
 */
export function AutoCredits({ session }: { session: Session }) {
  const { data, error, isLoading } = useAutoCredits(session);
  const credits = data?.credits ?? [];
  return (
    <section className="dash-card dash-auto-credits" aria-labelledby="auto-credits-title">
      <h3 id="auto-credits-title">Automatic credits</h3>
      {data && (
        <ul className="dash-auto-credits__rules" aria-label="When a lead is refunded automatically">
          {data.rules.map((r) => (
            <li key={r.rule}>{r.description}</li>
          ))}
        </ul>
      )}
      {error && !data ? (
        <p className="dash-error" role="alert">
          {errorText(error, 'Failed to load the automatic credits')}
        </p>
      ) : isLoading && !data ? (
        <p role="status">Loading automatic credits...</p>
      ) : credits.length === 0 ? (
        <p className="dash-empty">No automatic credits yet.</p>
      ) : (
        <ul className="dash-auto-credits__list">
          {credits.map((c) => (
            <li key={c.id} className="dash-auto-credit" data-testid="auto-credit">
              <div className="dash-auto-credit__head">
                <span>
                  <strong>{c.reason}</strong>
                  <span className="dash-hint">
                    {' '}
                    Lead {c.lead_id.slice(0, 8)} · {humanizeValue(c.service_category)}
                    {c.zip_code ? ` · ZIP ${c.zip_code}` : ''} · {localTime(c.credited_at)}
                  </span>
                </span>
                <span className={`dash-num ${c.status === 'reversed' ? 'dash-debit' : 'dash-credit'}`}>
                  {c.status === 'reversed' ? 'Reversed ' : '+'}
                  {formatCents(c.amount_cents)}
                </span>
              </div>
              <dl className="dash-auto-credit__evidence" aria-label={`Evidence for lead ${c.lead_id.slice(0, 8)}`}>
                {c.evidence.map((e) => (
                  <div key={e.label}>
                    <dt>{e.label}</dt>
                    <dd>{e.value}</dd>
                  </div>
                ))}
              </dl>
              {c.status === 'reversed' && (
                <p className="dash-hint">
                  Reversed by our team{c.reversed_at ? ` on ${localTime(c.reversed_at)}` : ''}
                  {c.reversal_notes ? `: ${c.reversal_notes}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
