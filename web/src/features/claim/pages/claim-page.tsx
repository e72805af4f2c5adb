import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { PublicLayout } from '../../../components/ui/public-layout';
import { loadClaim, postClaim, type ClaimLead } from '../api/claim-calls';
import { LeadDetails } from '../components/lead-details';
import '../claim.css';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'ready'; lead: ClaimLead; error?: string }
  | { kind: 'claiming'; lead: ClaimLead }
  | { kind: 'claimed'; lead: ClaimLead; message: string };

/** The text to show for a failed call: the server's message where it sent one, else the spec's text. */
const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.messageOr(fallback) : fallback;

/** /claim/:token — load the offered lead, then claim it with a contractor ID (spec §4 claim states). */
export function ClaimPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [contractorId, setContractorId] = useState('');
  const inputId = useId();

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    loadClaim(token).then(
      (answer) => {
        if (!live) return;
        if (answer.success && answer.lead) setState({ kind: 'ready', lead: answer.lead });
        else setState({ kind: 'unavailable', message: answer.message ?? MESSAGES.claim.loadError });
      },
      (error) => live && setState({ kind: 'unavailable', message: failureText(error, MESSAGES.claim.loadError) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  // The button is disabled while the field is empty; whitespace only is caught here with the spec's message.
  async function claim(e: FormEvent) {
    e.preventDefault();
    if (state.kind !== 'ready') return;
    const id = contractorId.trim();
    if (!id) {
      setState({ ...state, error: MESSAGES.claim.contractorIdRequired });
      return;
    }
    const lead = state.lead;
    setState({ kind: 'claiming', lead });
    try {
      const answer = await postClaim(token, id);
      if (answer.success) setState({ kind: 'claimed', lead: answer.lead ?? lead, message: answer.message ?? '' });
      else setState({ kind: 'ready', lead, error: answer.message ?? MESSAGES.claim.claimError });
    } catch (error) {
      setState({ kind: 'ready', lead, error: failureText(error, MESSAGES.claim.claimError) });
    }
  }

  let body;
  if (state.kind === 'loading') {
    body = <PageLoading label="Loading lead..." />;
  } else if (state.kind === 'unavailable') {
    body = (
      <div className="card claim-card">
        <h1>{MESSAGES.claim.unavailable}</h1>
        <Alert kind="error">{state.message}</Alert>
        <Link to="/" className="button">
          Back to Sign Up
        </Link>
      </div>
    );
  } else if (state.kind === 'claimed') {
    body = (
      <div className="card claim-card">
        <h1>{MESSAGES.claim.claimed}</h1>
        {state.message ? <Alert kind="success">{state.message}</Alert> : null}
        <LeadDetails lead={state.lead} />
      </div>
    );
  } else {
    const busy = state.kind === 'claiming';
    body = (
      <div className="card claim-card">
        <h1>New Lead Available</h1>
        <LeadDetails lead={state.lead} />
        <form className="form claim-form" onSubmit={claim} noValidate>
          {state.kind === 'ready' && state.error ? <Alert kind="error">{state.error}</Alert> : null}
          <div className="field">
            <label htmlFor={inputId} className="field-label">
              Your Contractor ID *
            </label>
            <input
              id={inputId}
              className="input"
              name="contractor_id"
              required
              aria-describedby={`${inputId}-help`}
              value={contractorId}
              onChange={(e) => setContractorId(e.target.value)}
            />
            <p id={`${inputId}-help`} className="field-help">
              Your contractor ID was provided when you signed up (check your email or SMS).
            </p>
          </div>
          <button type="submit" className="button button-accent" disabled={busy || contractorId === ''}>
            {busy ? 'Claiming Lead...' : 'Claim This Lead'}
          </button>
        </form>
      </div>
    );
  }
  return <PublicLayout narrow>{body}</PublicLayout>;
}
