import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { PublicLayout } from '../../../components/ui/public-layout';
import { ApiError } from '../../../lib/api';
import { confirmWithLink } from '../api/confirm-phone';
import '../lead-forms.css';

type Outcome = { kind: 'checking' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /confirm/:token: the one-tap link of the confirmation text message. Opening it confirms the
 * request's phone (the token names the request and cannot be guessed), or says plainly why not.
 */
export function ConfirmLinkPage() {
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    confirmWithLink(token).then(
      (s) => live && setOutcome({ kind: 'done', message: s.message }),
      (err: unknown) =>
        live &&
        setOutcome({
          kind: 'failed',
          message:
            err instanceof ApiError && err.status !== 0
              ? err.messageOr('This link does not work. Please type the code from the text message instead.')
              : 'We could not reach the server. Please check your connection and open the link again.',
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <PublicLayout narrow>
      <h1>Confirm your phone</h1>
      {outcome.kind === 'checking' ? <p className="lead-text">Confirming your phone number…</p> : null}
      {outcome.kind === 'done' ? <Alert kind="success">{outcome.message}</Alert> : null}
      {outcome.kind === 'failed' ? <Alert kind="error">{outcome.message}</Alert> : null}
      <div className="button-row">
        <Link to="/" className="button">
          Return Home
        </Link>
      </div>
    </PublicLayout>
  );
}
