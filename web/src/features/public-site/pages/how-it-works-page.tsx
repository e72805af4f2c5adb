import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';
import '../public-site.css';

const STEPS = [
  {
    title: '1. Create Your Free Account',
    text: 'Sign up with your business details, trade and the ZIP codes you serve. Your wallet starts with $25.',
  },
  {
    title: '2. Set Your Preferences',
    text: 'Choose your job types, budget ranges and service areas, and turn on SMS alerts.',
  },
  {
    title: '3. Receive Exclusive Leads',
    text: 'When a customer nearby needs your service, you get an instant text with a claim link. One contractor per lead.',
  },
  {
    title: '4. Contact the Customer & Close',
    text: 'Claim the lead, see the customer contact immediately and call — professionals typically respond in 5-15 minutes.',
  },
];

/** /how-it-works: the four steps. */
export function HowItWorksPage() {
  return (
    <PublicLayout>
      <h1>How It Works</h1>
      <ol className="steps steps-4">
        {STEPS.map((s) => (
          <li key={s.title} className="card">
            <h2 className="step-title">{s.title}</h2>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Link to="/signup" className="button button-accent">
          Sign Up Free
        </Link>
        <Link to="/lead-intake" className="button button-secondary">
          Request a Service
        </Link>
      </div>
    </PublicLayout>
  );
}
