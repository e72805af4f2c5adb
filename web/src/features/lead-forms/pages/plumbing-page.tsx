import { MESSAGES } from '@leadmarket/contracts/messages';
import { useNavigate } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';
import { LeadForm } from '../components/lead-form';
import '../lead-forms.css';

/** /services/plumbing: defaults to Home Services / Plumbing; success goes to /thank-you with service and name. */
export function PlumbingPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <div className="lead-layout">
        <section className="lead-hero">
          <h1>Need a Plumber? Get Help Fast.</h1>
          <p className="lead-text">
            Leaks, clogs, water heaters and more. One licensed local plumber, typically responding in 5-15 minutes.
          </p>
        </section>
        <LeadForm
          defaults={{ service_category: 'home_services', sub_service: 'plumbing' }}
          fallbackError={MESSAGES.leadSubmit.plumbingFallback}
          submitLabel="Get a Plumber"
          onSubmitted={(_answer, sent) =>
            navigate(
              `/thank-you?${new URLSearchParams({ service: sent.sub_service, name: sent.customer_name }).toString()}`,
            )
          }
        />
      </div>
    </PublicLayout>
  );
}
