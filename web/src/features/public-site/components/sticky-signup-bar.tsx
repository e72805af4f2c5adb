import { DISMISS_STICKY_SIGNUP_KEY } from '@leadmarket/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router-dom';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISS_STICKY_SIGNUP_KEY) === 'true';
  } catch {
    return false; // storage blocked: show the bar
  }
}

/** The sticky 'Get Leads Now' bar on small screens; once dismissed it stays hidden (local storage flag). */
export function StickySignupBar() {
  const [hidden, setHidden] = useState(wasDismissed);
  if (hidden) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISS_STICKY_SIGNUP_KEY, 'true');
    } catch {
      // storage blocked: hidden for this visit only
    }
    setHidden(true);
  };
  return (
    <div className="sticky-signup" role="region" aria-label="Sign up">
      <Link to="/signup" className="button button-accent">
        Get Leads Now
      </Link>
      <button type="button" className="sticky-dismiss" aria-label="Dismiss" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
