import { COPYRIGHT_YEAR } from '@leadmarket/contracts/constants';
import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { QUOTE_PATH, SERVICE_LINKS } from './service-links';

const FOOTER_LINKS = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/disclaimer', 'Disclaimer'],
  ['/tcpa-notice', 'TCPA Notice'],
  ['/contact', 'Contact'],
  ['/about-us', 'About Us'],
  ['/how-it-works', 'How It Works'],
] as const;

/** The public footer: the request pages (services), legal and info links, copyright 2024, logo with its text fallback. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <Logo className="footer-logo" />
        <nav aria-label="Services">
          <p className="footer-heading">Find a Pro</p>
          <ul className="footer-links">
            <li>
              <Link to={QUOTE_PATH}>Get a Free Quote</Link>
            </li>
            {SERVICE_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {FOOTER_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">© {COPYRIGHT_YEAR} leadmarket. All rights reserved.</p>
      </div>
    </footer>
  );
}
