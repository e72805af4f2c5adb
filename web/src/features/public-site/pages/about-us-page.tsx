import { ABOUT_PAGE_FREE_LEADS, CONTRACTORS_PER_LEAD } from '@leadmarket/contracts/constants';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';
import '../public-site.css';

/** /about-us: who we are; this page promises 3 free leads (spec §1 keeps both offers). */
export function AboutUsPage() {
  return (
    <PublicLayout narrow>
      <h1>About Us</h1>
      <p className="lead-text">
        We help customers find the right professional, and help professionals grow without wasting money on shared
        leads.
      </p>
      <h2>Our Promise</h2>
      <ul>
        <li>{CONTRACTORS_PER_LEAD} contractor per lead — never shared, never auctioned.</li>
        <li>No monthly fees and no contracts. Pay as you go from a prepaid wallet.</li>
        <li>Leads pre-screened for phone, email, content, duplicates and abuse.</li>
        <li>Instant SMS alerts for matching leads in your ZIP codes.</li>
      </ul>
      <h2>Get Started Free</h2>
      <p>
        New contractors get <strong>{ABOUT_PAGE_FREE_LEADS} free leads</strong> to try the service.
      </p>
      <Link to="/signup" className="button button-accent">
        Sign Up Free
      </Link>
    </PublicLayout>
  );
}
