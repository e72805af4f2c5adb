import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/field';
import { PublicLayout } from '../../../components/ui/public-layout';
import { safeRedirectPath } from '../../../components/ui/safe-redirect';
import { login } from '../api/auth-calls';
import { ForgotPassword } from '../components/forgot-password';
import { PasswordField } from '../components/password-field';
import '../auth.css';

/** /login and /contractor-login: username and password, with forgot-password. */
export function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(MESSAGES.contractor.requiredFields);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await login(username.trim(), password);
      if (!answer?.success || !answer.session_token || !answer.contractor_id)
        throw new ApiError(200, answer?.message, answer);
      contractorSession.save(answer.session_token, answer.contractor_id);
      navigate(safeRedirectPath(answer.redirect_url, `/contractor/${encodeURIComponent(answer.contractor_id)}`));
    } catch (err) {
      setError(
        err instanceof ApiError && err.status !== 0 ? err.messageOr(MESSAGES.login.failed) : MESSAGES.login.failed,
      );
      setBusy(false);
    }
  }

  return (
    <PublicLayout narrow>
      <div className="card auth-card">
        <h1>Contractor Login</h1>
        {forgot ? (
          <ForgotPassword onClose={() => setForgot(false)} />
        ) : (
          <form className="form" onSubmit={submit} noValidate aria-label="Contractor login">
            {error ? <Alert kind="error">{error}</Alert> : null}
            <TextField
              label="Username"
              name="username"
              required
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <PasswordField
              label="Password"
              name="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
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
