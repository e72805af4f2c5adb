import { PublicLayout } from '../../../components/ui/public-layout';
import { LeadForm } from '../components/lead-form';
import '../lead-forms.css';

/** /lead-intake: the generic request form in its richer, validated variant. */
export function LeadIntakePage() {
  return (
    <PublicLayout narrow>
      <div className="lead-hero">
        <h1>Request a Service</h1>
        <p className="lead-text">
          Tell us what you need. One qualified local professional will contact you — typically within 5-15 minutes.
        </p>
      </div>
      <LeadForm rich validated />
    </PublicLayout>
  );
}
