import { PublicLayout } from '../../../components/ui/public-layout';
import { LeadForm } from '../components/lead-form';
import '../lead-forms.css';

interface IndustryCopy {
  title: string;
  intro: string;
  points: string[];
  category: string;
  subService?: { value: string; label: string };
}

/** A landing page whose embedded lead form has a fixed industry. */
function IndustryPage({ copy }: { copy: IndustryCopy }) {
  return (
    <PublicLayout>
      <div className="lead-layout">
        <section className="lead-hero">
          <h1>{copy.title}</h1>
          <p className="lead-text">{copy.intro}</p>
          <ul className="lead-points">
            {copy.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
        <LeadForm fixedCategory={copy.category} fixedSubService={copy.subService} submitLabel="Get Matched Now" />
      </div>
    </PublicLayout>
  );
}

const COMMON = [
  'Matched with one qualified professional — not a bidding war',
  'Free, no obligation',
  'Typical response in 5-15 minutes',
];

/** /hvac: Home Services with sub-service HVAC. */
export const HvacPage = () => (
  <IndustryPage
    copy={{
      title: 'Fast, Reliable HVAC Service',
      intro: 'Heating or cooling trouble? Get connected with a licensed local HVAC technician.',
      points: COMMON,
      category: 'home_services',
      subService: { value: 'hvac', label: 'HVAC' },
    }}
  />
);
/** /legal */
export const LegalPage = () => (
  <IndustryPage
    copy={{
      title: 'Find the Right Attorney',
      intro: 'Describe your legal matter and get connected with a qualified local attorney.',
      points: COMMON,
      category: 'legal',
    }}
  />
);
/** /real-estate */
export const RealEstatePage = () => (
  <IndustryPage
    copy={{
      title: 'Connect with a Real Estate Agent',
      intro: 'Buying or selling? Get matched with an experienced local agent.',
      points: COMMON,
      category: 'real_estate',
    }}
  />
);
/** /finance */
export const FinancePage = () => (
  <IndustryPage
    copy={{
      title: 'Talk to a Financial Advisor',
      intro: 'Planning, taxes, mortgage or debt — get matched with a trusted advisor.',
      points: COMMON,
      category: 'finance',
    }}
  />
);
/** /insurance */
export const InsurancePage = () => (
  <IndustryPage
    copy={{
      title: 'Get the Right Insurance Coverage',
      intro: 'Compare options with a licensed local insurance agent.',
      points: COMMON,
      category: 'insurance',
    }}
  />
);
/** /healthcare */
export const HealthcarePage = () => (
  <IndustryPage
    copy={{
      title: 'Find a Healthcare Provider',
      intro: 'Get connected with a local healthcare professional who can help.',
      points: COMMON,
      category: 'healthcare',
    }}
  />
);
/** /auto */
export const AutoPage = () => (
  <IndustryPage
    copy={{
      title: 'Auto Service You Can Trust',
      intro: 'Repairs, body work, towing and more from a trusted local shop.',
      points: COMMON,
      category: 'auto',
    }}
  />
);
