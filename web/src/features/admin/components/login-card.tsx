import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN_BANNER_SHORT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { ApiError } from '../../../lib/api';
import { ForgotPassword } from '../../../components/ui/forgot-password';
import { adminLogin, fetchLoginOptions } from '../api/admin-api';
import { TextField } from './field';

/** The Admin Login card: one password field (plus email when the server has several admins); Enter submits. */
export function LoginCard({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [multipleAdmins, setMultipleAdmins] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let live = true;
    fetchLoginOptions()
      .then((options) => live && setMultipleAdmins(options.multiple_admins))
      // Without the options the single password field still works for the first admin.
      .catch((e) => console.error('admin-login-options failed', e));
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, []);

  function showError(text: string) {
    setError(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setError(''), ADMIN_BANNER_SHORT_MS);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const token = await adminLogin(password, multipleAdmins ? email.trim() : undefined);
      onLoggedIn(token);
    } catch (e) {
      // A throttled login (429) says so; every other refusal is the spec's Invalid password.
      showError(
        e instanceof ApiError && e.status === 429
          ? e.messageOr(MESSAGES.admin.invalidPassword)
          : MESSAGES.admin.invalidPassword,
      );
    } finally {
      setBusy(false);
    }
  }

  if (forgot)
    return (
      <main className="admin-login">
        <div className="admin-card admin-login__card">
          <ForgotPassword onClose={() => setForgot(false)} userType="admin" />
        </div>
      </main>
    );

  return (
    <main className="admin-login">
      <form className="admin-card admin-login__card" onSubmit={submit} aria-labelledby="admin-login-title">
        <h1 id="admin-login-title">Admin Login</h1>
        {multipleAdmins && (
          <TextField
            id="admin-email"
            label="Admin email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        )}
        <TextField
          id="admin-password"
          label="Admin password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-login-error' : undefined}
        />
        <div role="alert" aria-live="assertive">
          {error && (
            <p id="admin-login-error" className="admin-inline-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          Login
        </button>
        <button type="button" className="button-link" onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </form>
    </main>
  );
}
