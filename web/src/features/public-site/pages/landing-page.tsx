import { SIGNUP_CREDIT_CENTS } from '@leadmarket/contracts/constants';
import { Link } from 'react-router-dom';
import { QUOTE_PATH, SERVICE_LINKS } from '../../../components/ui/service-links';
import { PublicLayout } from '../../../components/ui/public-layout';
import { ComparisonTable } from '../components/comparison-table';
import { StatsBand } from '../components/stats-band';
import { StickySignupBar } from '../components/sticky-signup-bar';
import { TestimonialCarousel } from '../components/testimonial-carousel';
import '../public-site.css';

const FREE_WALLET = `$${SIGNUP_CREDIT_CENTS / 100}`;

const TRUST_BADGES = ['TCPA Compliant', 'SSL Secured', '1 Contractor Per Lead', 'Pay-As-You-Go'];

const STEPS = [
  {
    title: 'Sign Up & Create Your Profile',
    text: 'Tell us your trade, budget range and the ZIP codes you serve. It is free.',
  },
  {
    title: 'Get Matched with Exclusive Leads',
    text: 'Our AI matches each customer inquiry to one contractor. You get an instant SMS alert.',
  },
  {
    title: 'Close More Jobs',
    text: 'Customer contact details are shown immediately, so you can call while the need is fresh.',
  },
];

const FEATURES = [
  { title: 'Exclusive Leads', text: 'Every lead goes to one contractor only. No shared leads, no bidding wars.' },
  {
    title: 'Pre-Screened Quality',
    text: 'Phone, email, content, duplicate (30-day) and IP checks before a lead reaches you.',
  },
  { title: 'Instant SMS Alerts', text: 'Matching leads in your ZIP codes arrive by text the moment they come in.' },
  { title: 'Pay-As-You-Go', text: 'No monthly fees and no contracts. Fund a prepaid wallet and pay per lead.' },
  { title: 'Smart Matching', text: 'Set job types, budget ranges and service areas; we do the rest.' },
  { title: 'Mobile-Friendly Dashboard', text: 'Claim leads, track jobs and top up your wallet from your phone.' },
];

/** The public marketing landing page (spec §2 Landing page). */
export function LandingPage() {
  return (
    <PublicLayout>
      <section className="hero">
        <h1>More High-Quality Leads. Less Hassle.</h1>
        <p className="lead-text">
          Exclusive, pre-screened customer requests for contractors and professionals — sent to one pro only, first
          come, first served.
        </p>
        <div className="button-row">
          <Link to="/signup" className="button button-accent">
            Sign Up Free
          </Link>
          <Link to="/how-it-works" className="button button-secondary">
            How It Works
          </Link>
        </div>
        <ul className="trust-badges" aria-label="Why contractors trust us">
          {TRUST_BADGES.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="homeowner-title" className="section homeowner-block">
        <h2 id="homeowner-title">Need a Pro? Get a Free Quote.</h2>
        <p>
          Tell us what you need and one qualified local professional will contact you — typically within 5-15 minutes.
          Free, no obligation.
        </p>
        <Link to={QUOTE_PATH} className="button button-accent">
          Get a Free Quote
        </Link>
        <ul className="service-links" aria-label="Services">
          {SERVICE_LINKS.map(([to, label]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <StatsBand />
      <TestimonialCarousel />

      <section aria-labelledby="how-title" className="section">
        <h2 id="how-title">How It Works</h2>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s.title} className="card">
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="features-title" className="section">
        <h2 id="features-title">Everything You Need to Grow</h2>
        <ul className="feature-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <ComparisonTable />

      <section aria-labelledby="about-title" className="section about-block">
        <div>
          <h2 id="about-title">About Us</h2>
          <p>
            We connect customers who need help — from HVAC, plumbing, electrical and roofing to legal, real estate,
            finance, insurance, healthcare and auto — with the one professional best placed to help them.
          </p>
        </div>
        <div>
          <h2>Why We Built This</h2>
          <p>
            Contractors told us they were tired of paying for leads sold to five competitors. So we built a marketplace
            where every lead is exclusive and you only pay for the leads you choose. Professionals typically respond in
            5-15 minutes.
          </p>
          <p className="offer">
            Sign up free and get <strong>{FREE_WALLET}</strong> in your wallet to start.
          </p>
          <Link to="/signup" className="button">
            Claim Your {FREE_WALLET} Free
          </Link>
        </div>
      </section>

      <section className="trust-strip" aria-label="Our commitments">
        <span>TCPA Compliant</span>
        <span>SSL Secured</span>
        <span>1 Contractor Per Lead</span>
        <span>No Monthly Fees</span>
      </section>

      <StickySignupBar />
    </PublicLayout>
  );
}
