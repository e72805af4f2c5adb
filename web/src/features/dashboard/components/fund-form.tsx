import { useId, useState, type FormEvent } from 'react';
import { CHANNEL_OFF_MESSAGES, FUNDING_MAX_CENTS, FUNDING_MIN_CENTS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { actions, errorText, type Session } from '../api/dashboard-api';
import { validateFundingAmount } from '../domain/validation';

const MIN = FUNDING_MIN_CENTS / 100;
const MAX = FUNDING_MAX_CENTS / 100;

/**
 * Wallet funding: validates $100–$10,000 (one minimum everywhere, docs/adr/0002-funding-minimum.md),
 * asks for a checkout session and sends the browser to its payment_url.
 */
export function FundForm({
  session,
  id,
  goTo = (url) => window.location.assign(url),
  available = true,
}: {
  session: Session;
  id?: string;
  goTo?: (url: string) => void;
  /** False when the server has card payments turned off (auto-reload-settings' funding_available). */
  available?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const numeric = Number(amount);
  const belowMinimum = amount.trim() === '' || !Number.isFinite(numeric) || numeric < MIN;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateFundingAmount(amount);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await actions.startFunding(session, numeric);
      if (!result?.payment_url) throw new Error('no payment_url');
      goTo(result.payment_url);
    } catch (caught) {
      setError(
        caught instanceof Error && caught.name !== 'ApiError'
          ? MESSAGES.contractor.paymentFailed
          : errorText(caught, MESSAGES.contractor.paymentFailed),
      );
      setBusy(false);
    }
  }

  if (!available)
    return (
      <section id={id} className="dash-card dash-fund" aria-labelledby={`${inputId}-title`}>
        <h3 id={`${inputId}-title`}>Add Funds</h3>
        <p role="status">{CHANNEL_OFF_MESSAGES.funding}</p>
      </section>
    );

  return (
    <form id={id} className="dash-card dash-fund" onSubmit={submit} noValidate>
      <h3>Add Funds</h3>
      <label htmlFor={inputId}>Amount (USD)</label>
      <input
        id={inputId}
        type="number"
        inputMode="decimal"
        min={MIN}
        max={MAX}
        step="0.01"
        placeholder={String(MIN)}
        value={amount}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(null);
        }}
      />
      <p id={hintId} className="dash-hint">
        Minimum ${MIN}, maximum $10,000.
      </p>
      {amount.trim() !== '' && !error && (
        <p className="dash-inline-note" aria-live="polite">
          {validateFundingAmount(amount) ?? ''}
        </p>
      )}
      {error && (
        <p className="dash-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="dash-btn dash-btn--primary" disabled={busy || belowMinimum}>
        {busy ? 'Redirecting...' : 'Add Funds'}
      </button>
    </form>
  );
}
