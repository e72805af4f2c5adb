import { CONFIRMATION_CODE_LENGTH } from '@leadmarket/contracts/constants';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import {
  changePhone,
  confirmationStatus,
  confirmWithCode,
  resendCode,
  type ContactConfirmation,
} from '../api/confirm-phone';

/** The confirmation the server sent with a refusal (wrong, expired or locked code; a resend too soon). */
const confirmationIn = (error: unknown): ContactConfirmation | undefined =>
  error instanceof ApiError
    ? (error.body as { confirmation?: ContactConfirmation } | undefined)?.confirmation
    : undefined;

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status !== 0
    ? error.messageOr('Something went wrong on our side. Please try again.')
    : 'We could not reach the server. Please check your connection and try again.';

/**
 * Asks the customer for the 6-digit code we texted them (docs/adr/0045): type it to confirm the
 * phone, ask for a new one (a few, a minute apart), or, with a wrong number, send the request again.
 * A professional sees "Phone confirmed" before buying.
 */
export function ConfirmPhone({
  leadId,
  requestAgainTo,
  idempotencyKey,
}: {
  leadId: string;
  requestAgainTo: string;
  /** The form's key for this request: with it the customer may give the right number here. */
  idempotencyKey?: string;
}) {
  const [newPhone, setNewPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [state, setState] = useState<ContactConfirmation | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [loadedAt, setLoadedAt] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    confirmationStatus(leadId).then(
      (s) => {
        if (!live) return;
        setState(s);
        setLoadedAt(Date.now());
      },
      // No confirmation for this request (a test lead, an older one): the panel stays quiet.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [leadId]);

  // The resend button counts down the seconds the server asked us to wait.
  const waitLeft = state ? Math.max(0, state.resend_after_seconds - Math.floor((now - loadedAt) / 1000)) : 0;
  useEffect(() => {
    if (waitLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waitLeft]);

  const take = (s: ContactConfirmation) => {
    setState(s);
    setLoadedAt(Date.now());
    setNow(Date.now());
  };

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const typed = code.replace(/[\s-]/g, '');
    if (!new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`).test(typed))
      return setError(`The code is the ${CONFIRMATION_CODE_LENGTH} digits in the text message we sent you.`);
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      take(await confirmWithCode(leadId, typed));
    } catch (err) {
      const s = confirmationIn(err);
      if (s) take(s);
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setError(undefined);
    try {
      const s = await resendCode(leadId);
      take(s);
      setCode('');
      setNotice(s.message);
    } catch (err) {
      const s = confirmationIn(err);
      if (s) take(s);
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function change(e: FormEvent) {
    e.preventDefault();
    if (!idempotencyKey) return;
    setBusy(true);
    setPhoneError(undefined);
    setError(undefined);
    try {
      const answer = await changePhone(leadId, idempotencyKey, newPhone.trim());
      setNewPhone('');
      setCode('');
      setNotice(answer.message);
      take(await confirmationStatus(leadId));
    } catch (err) {
      setPhoneError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (!state || state.state === 'none') return null;
  if (state.state === 'confirmed')
    return (
      <section className="confirm-phone card" aria-label="Phone confirmation">
        <Alert kind="success">{state.message}</Alert>
      </section>
    );
  const canType = state.state === 'waiting';
  return (
    <section className="confirm-phone card" aria-label="Phone confirmation">
      <h2>Confirm your phone number</h2>
      <p>
        We texted you a {CONFIRMATION_CODE_LENGTH}-digit code. Type it here (or tap the link in the text message) so the
        professional knows your number is really yours. Requests with a confirmed phone are answered first.
      </p>
      {notice ? <Alert kind="info">{notice}</Alert> : null}
      {!canType && !error ? <Alert kind="info">{state.message}</Alert> : null}
      <form className="confirm-phone-form" onSubmit={confirm} noValidate aria-label="Confirm your phone">
        <TextField
          label="Code from the text message"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CONFIRMATION_CODE_LENGTH + 2}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          disabled={!canType || busy}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={!canType || busy}>
            Confirm my phone
          </button>
          {state.resends_left > 0 ? (
            <button type="button" className="button button-secondary" onClick={resend} disabled={busy || waitLeft > 0}>
              {waitLeft > 0 ? `Send a new code (in ${waitLeft} s)` : 'Send a new code'}
            </button>
          ) : null}
        </div>
      </form>
      {idempotencyKey ? (
        <form className="confirm-phone-form" onSubmit={change} noValidate aria-label="Change my number">
          <TextField
            label="Wrong number? Your right phone number"
            type="tel"
            autoComplete="tel"
            value={newPhone}
            onChange={(e) => setNewPhone(e.target.value)}
            error={phoneError}
            disabled={busy}
          />
          <button type="submit" className="button button-secondary" disabled={busy || !newPhone.trim()}>
            Text the code to this number
          </button>
        </form>
      ) : null}
      <p className="confirm-phone-change">
        No text, or a number that cannot be changed here?{' '}
        <Link to={requestAgainTo}>Send your request again with the right number</Link>.
      </p>
    </section>
  );
}
