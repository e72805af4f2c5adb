import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts/constants';
import { MESSAGES } from '@leadmarket/contracts/messages';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { contractorSession } from '../../../lib/storage';
import { Alert } from '../../../components/ui/alert';
import { PageLoading } from '../../../components/ui/page-loading';
import { CopyId } from '../../../components/ui/copy-id';
import { PublicLayout } from '../../../components/ui/public-layout';
import { fetchDashboard } from '../api/auth-calls';
import '../auth.css';

type State =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'ready'; name: string; balance: number | null; smsOptIn: boolean; signupCredit: boolean };

/** /welcome?contractor_id=…: after signup; needs the id and a stored session, else back to /. */
export function WelcomePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contractorId = params.get('contractor_id')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const { token } = contractorSession.get();
    if (!contractorId || !token) {
      navigate('/', { replace: true });
      return;
    }
    let live = true;
    fetchDashboard(contractorId, token).then(
      (answer) => {
        if (!live) return;
        if (!answer?.contractor) setState({ kind: 'not-found' });
        else
          setState({
            kind: 'ready',
            name: answer.contractor.contact_name || answer.contractor.business_name || '',
            balance: answer.wallet_balance ?? null,
            smsOptIn: answer.contractor.sms_opt_in === true,
            // The account says whether the credit was granted (ADR 0007); an older server says nothing.
            signupCredit: answer.signup_credit !== false,
          });
      },
      (error) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ kind: 'not-found' });
        else navigate('/', { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [contractorId, navigate]);

  if (state.kind === 'loading') return <PageLoading />;
  const signupCredit = SIGNUP_CREDIT_CENTS / 100;
  return (
    <PublicLayout>
      {state.kind === 'not-found' ? (
        <div className="card auth-card">
          <h1>Welcome</h1>
          <Alert kind="error">{MESSAGES.welcome.notFound}</Alert>
          <Link to="/signup" className="button">
            Sign Up
          </Link>
        </div>
      ) : (
        <div className="auth-card">
          <h1>Welcome{state.name ? `, ${state.name}` : ''}!</h1>
          <p className="lead-text">Your account is ready. Here is how to get your first exclusive lead.</p>
          <div className="card">
            <h2>Your Contractor ID</h2>
            <CopyId id={contractorId} />
            <p>
              The claim page of every lead link asks for it. We also emailed it to you; when you are signed in on this
              browser it is filled in for you.
            </p>
          </div>
          <ul className="welcome-grid">
            <li className="card">
              <h2>Your Wallet</h2>
              {state.signupCredit ? (
                <>
                  {/* The signup credit is booked by an event a moment after signup; until then the promised amount is shown with a note. */}
                  <p className="balance">${(state.balance ? state.balance : signupCredit).toFixed(2)}</p>
                  <p>
                    You start with ${signupCredit} free to spend on leads.
                    {state.balance ? null : ' Your signup credit is being added to your wallet.'}
                  </p>
                </>
              ) : (
                <>
                  <p className="balance">${(state.balance ?? 0).toFixed(2)}</p>
                  <p data-testid="no-signup-credit">
                    Your wallet starts empty: the ${signupCredit} signup credit is given once per person, and this email
                    or phone number belonged to an account that was closed. Add funds in your dashboard to buy leads.
                  </p>
                </>
              )}
            </li>
            <li className="card">
              <h2>{state.smsOptIn ? 'SMS Lead Alerts' : 'Lead Alerts Are Off'}</h2>
              {state.smsOptIn ? (
                <p>
                  We text you the moment a matching lead comes in from your ZIP codes. Claim it fast — one contractor
                  per lead.
                </p>
              ) : (
                <p>
                  You did not agree to SMS alerts, so we will not text you new leads. Check Available leads in your
                  dashboard, or turn on SMS alerts in Settings to hear about each lead the moment it arrives.
                </p>
              )}
            </li>
            <li className="card">
              <h2>Lead Quality Guarantee</h2>
              <p>
                Every lead is screened for phone, email, content and duplicates. Bad lead? Request a refund from your
                dashboard.
              </p>
            </li>
          </ul>
          <div className="button-row">
            <Link to={`/contractor/${encodeURIComponent(contractorId)}`} className="button button-accent">
              Go to Dashboard
            </Link>
          </div>
        </div>
      )}
    </PublicLayout>
  );
}
