import { MESSAGES } from '@leadmarket/contracts/messages';
import { useNavigate } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';
import { leadSubmissionNote } from '../../../lib/storage';
import { LeadForm } from '../components/lead-form';
import '../lead-forms.css';

/**
 * /services/plumbing: defaults to Home Services / Plumbing. An accepted request goes to /thank-you,
 * carrying service and name in this tab's session storage (the page never prints what a URL says);
 * a refused one stays here with what to fix, and one still being checked waits here for its verdict
 * (the customer is also texted it).
 */
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
          onSubmitted={(answer, sent) => {
            leadSubmissionNote.save({
              name: sent.customer_name,
              service: sent.sub_service,
              lead_id: answer.lead_id,
              idempotency_key: sent.idempotency_key,
            });
            navigate('/thank-you');
          }}
        />
      </div>
    </PublicLayout>
  );
}
