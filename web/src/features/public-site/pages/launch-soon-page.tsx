import { WAITLIST_TRADES } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { SelectField, TextField } from '../../../components/ui/field';
import { PublicLayout } from '../../../components/ui/public-layout';
import { safeRedirectPath } from '../../../components/ui/safe-redirect';
import { joinWaitlist, trackPageView, type WaitlistInput } from '../api/site-calls';
import '../public-site.css';

const TRADE_LABELS: Record<(typeof WAITLIST_TRADES)[number], string> = {
  plumbing: 'Plumbing',
  hvac: 'HVAC',
  roofing: 'Roofing',
  other: 'Other',
};
const TRADE_OPTIONS = WAITLIST_TRADES.map((t) => ({ value: t, label: TRADE_LABELS[t] }));
const EMPTY: WaitlistInput = { first_name: '', last_name: '', company: '', email: '', phone: '', trade: '' };

/** /launch-soon: the early-access waitlist; records one page view per visit. */
export function LaunchSoonPage() {
  const navigate = useNavigate();
  const tracked = useRef(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (tracked.current) return; // StrictMode runs effects twice in development
    tracked.current = true;
    trackPageView('/launch-soon');
  }, []);

  const set = (key: keyof WaitlistInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as unknown as WaitlistInput;
    if (Object.values(trimmed).some((v) => v === '')) {
      setError(MESSAGES.contractor.requiredFields);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await joinWaitlist(trimmed);
      navigate(safeRedirectPath(answer?.redirect_url, '/contractor-waitlist-confirmed'));
    } catch (err) {
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 404
          ? err.messageOr(MESSAGES.waitlist.failed)
          : MESSAGES.waitlist.failed,
      );
      setBusy(false);
    }
  }

  return (
    <PublicLayout narrow>
      <h1>Launching Soon</h1>
      <p className="lead-text">
        We're opening in new areas soon. Join the waitlist for early access to exclusive leads — no monthly fees, no
        contracts.
      </p>
      <form className="form card" onSubmit={submit} noValidate aria-label="Join the waitlist">
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="form-grid">
          <TextField
            label="First Name"
            name="first_name"
            required
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
          />
          <TextField
            label="Last Name"
            name="last_name"
            required
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
          />
        </div>
        <TextField
          label="Company"
          name="company"
          required
          autoComplete="organization"
          value={form.company}
          onChange={set('company')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          value={form.phone}
          onChange={set('phone')}
        />
        <SelectField
          label="Trade"
          name="trade"
          required
          placeholder="Select your trade"
          options={TRADE_OPTIONS}
          value={form.trade}
          onChange={set('trade')}
        />
        <button type="submit" className="button button-accent" disabled={busy}>
          {busy ? 'Joining...' : 'Join the Waitlist'}
        </button>
      </form>
    </PublicLayout>
  );
}
