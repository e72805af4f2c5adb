import { RESET_PASSWORD_MIN, RESET_REDIRECT_MS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { PublicLayout } from '../../../components/ui/public-layout';
import { resetPassword, verifyResetToken, type ResetType } from '../api/auth-calls';
import { PasswordField } from '../components/password-field';
import { FormError } from '../../../components/ui/field';
import { useForm } from '../../../components/ui/use-form';
import '../auth.css';

/** The reset token of a link: `token` or `code` in the query, or in the fragment (some mailers move it there). */
export function resetTokenOf(search: string, hash: string): string | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  for (const source of [query, fragment]) {
    const value = source.get('token') ?? source.get('code') ?? source.get('access_token');
    if (value && value.trim()) return value.trim();
  }
  return null;
}

/** The first problem with the two passwords (spec §5: match, then at least 8), or null. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return MESSAGES.reset.passwordsMismatch;
  if (password.length < RESET_PASSWORD_MIN) return MESSAGES.reset.tooShort;
  return null;
}

type State =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'form'; error?: string }
  | { kind: 'saving' }
  | { kind: 'done' };

/** /reset-password?type=contractor|admin&token=…: checks the link, sets a new password, then returns to login. */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const type: ResetType = new URLSearchParams(location.search).get('type') === 'admin' ? 'admin' : 'contractor';
  const token = resetTokenOf(location.search, location.hash);
  const [state, setState] = useState<State>(
    token ? { kind: 'checking' } : { kind: 'invalid', message: MESSAGES.reset.invalidLink },
  );
  const fields = useForm({ password: '', confirm_password: '' }, ['password', 'confirm_password'] as const);
  const { password, confirm_password: confirm } = fields.values;

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyResetToken(token, type).then(
      (answer) =>
        live && setState(answer?.valid ? { kind: 'form' } : { kind: 'invalid', message: MESSAGES.reset.invalidLink }),
      (error) =>
        live &&
        setState({
          kind: 'invalid',
          // A refused link (4xx) is invalid; anything else means we could not check it.
          message:
            error instanceof ApiError && error.status >= 400 && error.status < 500
              ? MESSAGES.reset.invalidLink
              : MESSAGES.reset.linkFailed,
        }),
    );
    return () => {
      live = false;
    };
  }, [token, type]);

  useEffect(() => {
    if (state.kind !== 'done') return;
    const timer = setTimeout(() => navigate(type === 'admin' ? '/admin' : '/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, type, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateNewPassword(password, confirm);
    if (problem) {
      // A mismatch is the confirmation's fault; a short password is the password's.
      setState({ kind: 'form' });
      fields.fail(problem === MESSAGES.reset.passwordsMismatch ? { confirm_password: problem } : { password: problem });
      return;
    }
    fields.clear();
    setState({ kind: 'saving' });
    try {
      await resetPassword(token!, password, type);
      setState({ kind: 'done' });
    } catch (error) {
      let message: string = MESSAGES.reset.updateFailed;
      if (error instanceof ApiError && error.status === 0) message = MESSAGES.reset.network;
      else if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        message = error.messageOr(MESSAGES.reset.invalidToken);
      setState({ kind: 'form', error: message });
      fields.fail({});
    }
  }

  const loginPath = type === 'admin' ? '/admin' : '/login';
  let body;
  if (state.kind === 'checking') body = <PageLoading label="Checking your reset link..." />;
  else if (state.kind === 'invalid')
    body = (
      <>
        <h1>Reset Password</h1>
        <Alert kind="error">{state.message}</Alert>
        <Link to={loginPath} className="button">
          Back to Login
        </Link>
      </>
    );
  else if (state.kind === 'done')
    body = (
      <>
        <h1>{MESSAGES.reset.success}</h1>
        <Alert kind="success">Your password has been updated. Taking you to the login page...</Alert>
        <Link to={loginPath} className="button">
          Go to Login
        </Link>
      </>
    );
  else
    body = (
      <form ref={fields.formRef} className="form" onSubmit={submit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Set a New Password</h1>
        <FormError message={state.kind === 'form' ? state.error : null} summaryRef={fields.summaryRef} />
        <PasswordField label="New Password" required autoComplete="new-password" {...fields.field('password')} />
        <PasswordField
          label="Confirm New Password"
          required
          autoComplete="new-password"
          {...fields.field('confirm_password')}
        />
        <p className="field-help">At least {RESET_PASSWORD_MIN} characters.</p>
        <button type="submit" className="button" disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    );
  return (
    <PublicLayout narrow>
      <div className="card auth-card">{body}</div>
    </PublicLayout>
  );
}
