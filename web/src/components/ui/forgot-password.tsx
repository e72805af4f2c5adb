import { FIELD_MESSAGES } from '@leadmarket/contracts/field-messages';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useState, type FormEvent } from 'react';
import { ApiError, callFunction } from '../../lib/api';
import { Alert } from './alert';
import { FormError, TextField } from './field';
import { useForm } from './use-form';
import { isEmailAddress } from '@leadmarket/contracts/email';

const EMAIL_REQUIRED = 'Please enter your email address';
const EMAIL_INVALID = FIELD_MESSAGES.email;

/** POST forgot-password; the emailed link comes back to our /reset-password page for that kind of account. */
const forgotPassword = (email: string, userType: 'contractor' | 'admin') =>
  callFunction<{ message?: string }>('forgot-password', {
    method: 'POST',
    body: { email, user_type: userType, redirect_url: `${window.location.origin}/reset-password?type=${userType}` },
  });

/** The forgot-password box of a login page (the contractor's and the admin's): asks for an email and requests a reset link. */
export function ForgotPassword({ onClose, userType }: { onClose: () => void; userType: 'contractor' | 'admin' }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; message: string }>({
    kind: 'idle',
  });
  const fields = useForm({ email: '' }, ['email'] as const);
  const { email } = fields.values;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !isEmailAddress(email.trim())) {
      setState({ kind: 'idle' });
      fields.fail({ email: email.trim() ? EMAIL_INVALID : EMAIL_REQUIRED });
      return;
    }
    fields.clear();
    setState({ kind: 'sending' });
    try {
      const answer = await forgotPassword(email.trim(), userType);
      setState({
        kind: 'sent',
        message: answer?.message ?? 'If an account exists for that email address, a password reset link has been sent.',
      });
    } catch (error) {
      setState({
        kind: 'error',
        message:
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.messageOr(MESSAGES.forgotPassword.failed)
            : MESSAGES.forgotPassword.failed,
      });
      fields.fail({});
    }
  }

  return (
    <form ref={fields.formRef} className="forgot" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title">Reset Your Password</h2>
      {state.kind === 'sent' ? <Alert kind="success">{state.message}</Alert> : null}
      <FormError message={state.kind === 'error' ? state.message : null} summaryRef={fields.summaryRef} />
      <TextField label="Email" type="email" required autoComplete="email" {...fields.field('email')} />
      <div className="button-row">
        <button type="submit" className="button" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending...' : 'Send Reset Link'}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Back to Login
        </button>
      </div>
    </form>
  );
}
