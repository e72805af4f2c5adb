import { formatDollars } from '@leadmarket/contracts/display';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { PublicLayout } from '../../../components/ui/public-layout';
import { loadBalance, loadClaim, loadClaimStatus, postClaim, type ClaimLead } from '../api/claim-calls';
import { LeadDetails } from '../components/lead-details';
import '../claim.css';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string; yours?: boolean }
  | { kind: 'ready'; lead: ClaimLead; error?: string }
  | { kind: 'claiming'; lead: ClaimLead }
  | { kind: 'lost'; lead: ClaimLead; message: string }
  | { kind: 'claimed'; lead: ClaimLead; message: string; again: boolean };

/** The text to show for a failed call: the server's message where it sent one, else the spec's text. */
const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.messageOr(fallback) : fallback;

/** What this browser knows of the link's own contractor: the prefilled ID and the wallet balance. */
interface SignedIn {
  contractorId: string;
  balance: number | null;
}

/**
 * /claim/:token — load the offered lead, then claim it with a contractor ID (spec §4 claim states).
 * When this browser holds the session of the contractor the link was sent to, the ID is filled in,
 * the balance is shown against the price, and a lead they already claimed opens with its contact.
 */
export function ClaimPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [contractorId, setContractorId] = useState('');
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  const inputId = useId();

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    const session = contractorSession.get();
    (async () => {
      if (session.token && session.contractorId) {
        try {
          const status = await loadClaimStatus(token, session.token);
          if (!live) return;
          const balance = await loadBalance(session.contractorId, session.token).catch(() => null);
          if (!live) return;
          setSignedIn({ contractorId: session.contractorId, balance });
          setContractorId(session.contractorId);
          if (status.status === 'claimed_by_you' && status.lead) {
            setState({ kind: 'claimed', lead: status.lead, message: status.message ?? '', again: true });
            return;
          }
        } catch {
          // Not this contractor's link, or the session ended: the page works as for anyone.
        }
      }
      try {
        const answer = await loadClaim(token);
        if (!live) return;
        if (answer.success && answer.lead) setState({ kind: 'ready', lead: answer.lead });
        else setState({ kind: 'unavailable', message: answer.message ?? MESSAGES.claim.loadError });
      } catch (error) {
        // The link's own contractor bought it (the server knows whom the link was sent to).
        const yours =
          error instanceof ApiError &&
          (error.body as { status?: string } | undefined)?.status === 'claimed_by_link_owner';
        if (live) setState({ kind: 'unavailable', message: failureText(error, MESSAGES.claim.loadError), yours });
      }
    })();
    return () => {
      live = false;
    };
  }, [token]);

  // A fresh claim replaces the form the contractor was looking at, often far down a phone's screen:
  // the success heading comes into view below the sticky header and takes the focus.
  const claimedHeading = useRef<HTMLHeadingElement>(null);
  const justClaimed = state.kind === 'claimed' && !state.again;
  useEffect(() => {
    const heading = claimedHeading.current;
    if (!justClaimed || !heading) return;
    const header = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - header - 8 });
    heading.focus({ preventScroll: true });
  }, [justClaimed]);

  useEffect(() => {
    document.title =
      state.kind === 'claimed' || (state.kind === 'unavailable' && state.yours)
        ? 'Lead claimed · leadmarket'
        : state.kind === 'unavailable' || state.kind === 'lost'
          ? 'Lead unavailable · leadmarket'
          : 'Claim a lead · leadmarket';
  }, [state.kind]);

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
      if (answer.success)
        setState({ kind: 'claimed', lead: answer.lead ?? lead, message: answer.message ?? '', again: false });
      else setState({ kind: 'ready', lead, error: answer.message ?? MESSAGES.claim.claimError });
    } catch (error) {
      // Someone else was first (409) or the lead went away (410): the form closes for good.
      if (error instanceof ApiError && (error.status === 409 || error.status === 410))
        setState({ kind: 'lost', lead, message: failureText(error, MESSAGES.claim.claimError) });
      else setState({ kind: 'ready', lead, error: failureText(error, MESSAGES.claim.claimError) });
    }
  }

  let body;
  if (state.kind === 'loading') {
    body = <PageLoading label="Loading lead..." />;
  } else if (state.kind === 'unavailable' && state.yours) {
    body = (
      <div className="card claim-card">
        <h1>You claimed this lead</h1>
        <Alert kind="success">{state.message}</Alert>
        <Link to={`/contractor-login?next=${encodeURIComponent(`/claim/${token}`)}`} className="button button-accent">
          Log In to See the Contact
        </Link>
      </div>
    );
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
        <h1 ref={claimedHeading} tabIndex={-1}>
          {state.again ? 'You claimed this lead' : MESSAGES.claim.claimed}
        </h1>
        {state.again ? (
          <Alert kind="success">This lead is yours. Call the customer soon; the contact is below.</Alert>
        ) : state.message ? (
          <Alert kind="success">{state.message}</Alert>
        ) : null}
        <LeadDetails lead={state.lead} />
        {signedIn ? (
          <Link to="/dashboard" className="button">
            Go to Dashboard
          </Link>
        ) : null}
      </div>
    );
  } else {
    const busy = state.kind === 'claiming';
    const lost = state.kind === 'lost';
    const price = state.lead.price;
    const covers = signedIn?.balance != null && typeof price === 'number' ? signedIn.balance >= price : null;
    body = (
      <div className="card claim-card">
        <h1>{lost ? 'Lead Claimed by Another Contractor' : 'New Lead Available'}</h1>
        <LeadDetails lead={state.lead} />
        {signedIn?.balance != null ? (
          <p className={covers === false ? 'claim-balance claim-balance--short' : 'claim-balance'}>
            Your wallet balance: <strong>{formatDollars(signedIn.balance)}</strong>
            {covers === true ? ' — enough for this lead.' : null}
            {covers === false ? (
              <>
                {' '}
                — not enough for this lead. <Link to="/dashboard">Add funds in your dashboard</Link>
              </>
            ) : null}
          </p>
        ) : null}
        <form className="form claim-form" onSubmit={claim} noValidate aria-disabled={lost || undefined}>
          {state.kind === 'ready' && state.error ? <Alert kind="error">{state.error}</Alert> : null}
          {lost ? <Alert kind="error">{state.message}</Alert> : null}
          <div className="field">
            <label htmlFor={inputId} className="field-label">
              Your Contractor ID *
            </label>
            <input
              id={inputId}
              className="input"
              name="contractor_id"
              required
              disabled={lost}
              aria-describedby={`${inputId}-help`}
              value={contractorId}
              onChange={(e) => setContractorId(e.target.value)}
            />
            <p id={`${inputId}-help`} className="field-help">
              {signedIn
                ? 'Filled in from your signed-in account.'
                : 'Your contractor ID was provided when you signed up (check your email or SMS).'}
            </p>
          </div>
          <button type="submit" className="button button-accent" disabled={busy || lost || contractorId === ''}>
            {busy ? 'Claiming Lead...' : lost ? 'No Longer Available' : 'Claim This Lead'}
          </button>
        </form>
      </div>
    );
  }
  return <PublicLayout narrow>{body}</PublicLayout>;
}
