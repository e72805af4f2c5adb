import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { QUOTE_PATH } from './service-links';

/** The public top bar: Get a Free Quote, Contact Us, Login, Sign Up Free, and a menu toggle on small screens. */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Escape closes the open menu and gives focus back to its toggle, as in any menu.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-brand" aria-label="leadmarket home">
          <Logo />
        </Link>
        <button
          ref={toggleRef}
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
          <Link to={QUOTE_PATH} onClick={() => setOpen(false)}>
            Get a Free Quote
          </Link>
          <Link to="/contact" onClick={() => setOpen(false)}>
            Contact Us
          </Link>
          <Link to="/contractor-login" onClick={() => setOpen(false)}>
            Login
          </Link>
          <Link to="/signup" className="button button-accent" onClick={() => setOpen(false)}>
            Sign Up Free
          </Link>
        </nav>
      </div>
    </header>
  );
}
