import { useState } from 'react';
import { Link } from 'react-router-dom';
import { logoutContractor, useSignedInContractorId } from '../../lib/contractor-session';
import { Logo } from './logo';

/**
 * The public top bar: Contact Us, then Login and Sign Up Free — or, for a signed-in contractor,
 * Dashboard and Logout — and a menu toggle on small screens.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const contractorId = useSignedInContractorId();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-brand" aria-label="leadmarket home">
          <Logo />
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true" className="menu-icon" />
        </button>
        <nav id="site-nav" aria-label="Main" className={`site-nav${open ? ' is-open' : ''}`}>
          <Link to="/contact" onClick={() => setOpen(false)}>
            Contact Us
          </Link>
          {contractorId ? (
            <>
              <Link
                to={`/contractor/${encodeURIComponent(contractorId)}`}
                className="button button-accent"
                onClick={() => setOpen(false)}
              >
                Dashboard
              </Link>
              <button
                type="button"
                className="site-nav-button"
                onClick={() => {
                  setOpen(false);
                  logoutContractor();
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <Link to="/contractor-login" onClick={() => setOpen(false)}>
                Login
              </Link>
              <Link to="/signup" className="button button-accent" onClick={() => setOpen(false)}>
                Sign Up Free
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
