import { WAITLIST_TRADE_OPTIONS } from '@leadmarket/contracts/catalogue';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { PublicLayout } from '../../../components/ui/public-layout';
import { safeRedirectPath } from '../../../components/ui/safe-redirect';
import { joinWaitlist, trackPageView, type WaitlistInput } from '../api/site-calls';
import '../public-site.css';
import { isEmailAddress } from '@leadmarket/contracts/email';
import { isPhoneNumber } from '@leadmarket/contracts/phone';

const TRADE_OPTIONS = WAITLIST_TRADE_OPTIONS;
const EMPTY: WaitlistInput = { first_name: '', last_name: '', company: '', email: '', phone: '', trade: '' };
const FIELDS = ['first_name', 'last_name', 'company', 'email', 'phone', 'trade'] as const;
type WaitlistField = (typeof FIELDS)[number];

/** The waitlist form's problems, each for its field, in the server's words (every field required). */
export function checkWaitlist(form: WaitlistInput): Partial<Record<WaitlistField, string>> {
  const errors: Partial<Record<WaitlistField, string>> = {};
  for (const key of FIELDS) if (!form[key].trim()) errors[key] = FIELD_MESSAGES.required(key);
  if (form.email.trim() && !isEmailAddress(form.email.trim())) errors.email = FIELD_MESSAGES.email;
  const phone = form.phone.trim();
  if (phone && !isPhoneNumber(phone)) errors.phone = FIELD_MESSAGES.phoneDigits;
  return errors;
}

/** /launch-soon: the early-access waitlist; records one page view per visit. */
export function LaunchSoonPage() {
  const navigate = useNavigate();
  const tracked = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (tracked.current) return; // StrictMode runs effects twice in development
    tracked.current = true;
    trackPageView('/launch-soon');
  }, []);

  const fields = useForm(EMPTY, FIELDS);
  const form = fields.values;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as unknown as WaitlistInput;
    setError(null);
    const problems = checkWaitlist(trimmed);
    if (Object.keys(problems).length) {
      fields.fail(problems);
      return;
    }
    fields.clear();
    setBusy(true);
    try {
      const answer = await joinWaitlist(trimmed);
      navigate(safeRedirectPath(answer?.redirect_url, '/contractor-waitlist-confirmed'));
    } catch (err) {
      setBusy(false);
      const field = err instanceof ApiError && err.status === 400 ? fields.fieldOf(err.body) : undefined;
      if (field && err instanceof ApiError) {
        fields.fail({ [field]: err.messageOr(MESSAGES.waitlist.failed) });
        return;
      }
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 404
          ? err.messageOr(MESSAGES.waitlist.failed)
          : MESSAGES.waitlist.failed,
      );
      fields.fail({});
    }
  }

  return (
    <PublicLayout narrow>
      <h1>Launching Soon</h1>
      <p className="lead-text">
        We're opening in new areas soon. Join the waitlist for early access to exclusive leads — no monthly fees, no
        contracts.
      </p>
      <form ref={fields.formRef} className="form card" onSubmit={submit} noValidate aria-label="Join the waitlist">
        <FormError message={error} summaryRef={fields.summaryRef} />
        <div className="form-grid">
          <TextField label="First Name" required autoComplete="given-name" {...fields.field('first_name')} />
          <TextField label="Last Name" required autoComplete="family-name" {...fields.field('last_name')} />
        </div>
        <TextField label="Company" required autoComplete="organization" {...fields.field('company')} />
        <TextField label="Email" type="email" required autoComplete="email" {...fields.field('email')} />
        <TextField label="Phone" type="tel" required autoComplete="tel" {...fields.field('phone')} />
        <SelectField
          label="Trade"
          required
          placeholder="Select your trade"
          options={TRADE_OPTIONS}
          {...fields.field('trade')}
        />
        <button type="submit" className="button button-accent" disabled={busy}>
          {busy ? 'Joining...' : 'Join the Waitlist'}
        </button>
      </form>
    </PublicLayout>
  );
}
