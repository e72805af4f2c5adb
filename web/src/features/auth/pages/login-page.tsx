import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { FormError, TextField } from '../../../components/ui/field';
import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { useForm } from '../../../components/ui/use-form';
import { PublicLayout } from '../../../components/ui/public-layout';
import { safeRedirectPath } from '../../../components/ui/safe-redirect';
import { login } from '../api/auth-calls';
import { ForgotPassword } from '../../../components/ui/forgot-password';
import { PasswordField } from '../components/password-field';
import '../auth.css';

/** /login and /contractor-login: username and password, with forgot-password. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const fields = useForm({ username: '', password: '' }, ['username', 'password'] as const);
  const { username, password } = fields.values;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const problems: { username?: string; password?: string } = {};
    if (!username.trim()) problems.username = FIELD_MESSAGES.required('username');
    if (!password) problems.password = FIELD_MESSAGES.required('password');
    if (problems.username || problems.password) {
      fields.fail(problems);
      return;
    }
    fields.clear();
    setBusy(true);
    try {
      const answer = await login(username.trim(), password);
      if (!answer?.success || !answer.session_token || !answer.contractor_id)
        throw new ApiError(200, answer?.message, answer);
      contractorSession.save(answer.session_token, answer.contractor_id);
      // A page that sent the contractor here to log in (?next=, e.g. a claim link) comes first.
      navigate(
        safeRedirectPath(
          searchParams.get('next') ?? answer.redirect_url,
          `/contractor/${encodeURIComponent(answer.contractor_id)}`,
        ),
      );
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0 ? err.messageOr(MESSAGES.login.failed) : MESSAGES.login.failed,
      );
      setBusy(false);
      // A wrong username or password belongs to neither field alone: focus the message.
      fields.fail({});
    }
  }

  return (
    <PublicLayout narrow>
      <div className="card auth-card">
        <h1>Contractor Login</h1>
        {forgot ? (
          <ForgotPassword onClose={() => setForgot(false)} userType="contractor" />
        ) : (
          <form ref={fields.formRef} className="form" onSubmit={submit} noValidate aria-label="Contractor login">
            <FormError message={error} summaryRef={fields.summaryRef} />
            <TextField label="Username" required autoComplete="username" {...fields.field('username')} />
            <PasswordField label="Password" required autoComplete="current-password" {...fields.field('password')} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Logging In...' : 'Log In'}
            </button>
            <button type="button" className="button-link" onClick={() => setForgot(true)}>
              Forgot password?
            </button>
          </form>
        )}
        <p className="auth-switch">
          New here? <Link to="/signup">Sign up free</Link>
        </p>
      </div>
    </PublicLayout>
  );
}
