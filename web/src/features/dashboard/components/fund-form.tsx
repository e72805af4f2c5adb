import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, TextField } from '../../../components/ui/field';
import { CHANNEL_OFF_MESSAGES, FUNDING_MIN_CENTS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { errorText, type Session } from '../api/client';
import { startFunding } from '../api/purchase-credits';
import { parseDollars, validateFundingAmount } from '../domain/validation';
import { DashError } from './dash-error';

const MIN = FUNDING_MIN_CENTS / 100;

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
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit, once the errors are on screen, the first wrong field takes the focus.
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits > 0) focusFirstInvalid(formRef.current);
  }, [failedSubmits]);
  const [amount, setAmount] = useState('');
  // The amount's own problem (beside the field) and a failure to start the payment (under the button).
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const numeric = parseDollars(amount);
  // The spec's button waits for the $100 minimum; anything that is not a number can still be submitted
  // so that "Please enter a valid amount" is said rather than the letters being dropped silently.
  const belowMinimum = amount.trim() === '' || (Number.isFinite(numeric) && numeric < MIN);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateFundingAmount(amount);
    setFieldError(problem);
    setError(null);
    if (problem) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const result = await startFunding(session, numeric);
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

  // While typing, the field says what is wrong (letters, below the minimum, above the maximum) at once.
  const shownError = fieldError ?? (amount.trim() === '' ? null : validateFundingAmount(amount));

  if (!available)
    return (
      <section id={id} className="dash-card dash-fund" aria-labelledby={titleId}>
        <h3 id={titleId}>Add Funds</h3>
        <p role="status">{CHANNEL_OFF_MESSAGES.funding}</p>
      </section>
    );

  return (
    <form ref={formRef} id={id} className="dash-card dash-fund" onSubmit={submit} noValidate>
      <h3>Add Funds</h3>
      <TextField
        label="Amount (USD)"
        // Text, not type=number: a number input empties itself on letters, hiding the mistake.
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={String(MIN)}
        value={amount}
        help={`Minimum $${MIN}, maximum $10,000.`}
        error={shownError}
        onChange={(e) => {
          setAmount(e.target.value);
          setFieldError(null);
          setError(null);
        }}
      />
      <DashError>{error}</DashError>
      <button type="submit" className="dash-btn dash-btn--primary" disabled={busy || belowMinimum}>
        {busy ? 'Redirecting...' : 'Add Funds'}
      </button>
    </form>
  );
}
