import { COPYRIGHT_YEAR } from '@leadmarket/contracts/constants';
import { Link } from 'react-router-dom';
import { Logo } from './logo';

const FOOTER_LINKS = [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/disclaimer', 'Disclaimer'],
  ['/tcpa-notice', 'TCPA Notice'],
  ['/contact', 'Contact'],
  ['/about-us', 'About Us'],
  ['/how-it-works', 'How It Works'],
] as const;

/** The public footer: legal and info links, copyright 2024, logo with its text fallback. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <Logo className="footer-logo" />
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
