import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';
import { leadSubmissionNote } from '../../../lib/storage';
import { ConfirmPhone } from '../components/confirm-phone';
import '../lead-forms.css';

/**
 * /thank-you: confirmation after the plumbing form, with next steps. Name and service are what this
 * browser submitted (session storage), never what the URL says: a link cannot put words in our mouth.
 * The form comes here only once screening accepted the request, so the page says so, and asks for
 * the code we texted to confirm the phone.
 */
export function ThankYouPage() {
  const [note] = useState(() => leadSubmissionNote.get());
  const name = note?.name.trim();
  const service = note?.service.trim();
  return (
    <PublicLayout narrow>
      <h1 className="thank-you-title">Thank You{name ? `, ${name}` : ''}!</h1>
      <p className="lead-text">
        We received your {service ? `${service} ` : ''}request. A qualified local professional will contact you shortly.
      </p>
      {note?.lead_id ? (
        <ConfirmPhone leadId={note.lead_id} requestAgainTo="/services/plumbing" idempotencyKey={note.idempotency_key} />
      ) : null}
      <h2>What Happens Next</h2>
      <ol>
        <li>We check your request and match it with one qualified professional near you.</li>
        <li>The professional gets an instant alert and typically responds in 5-15 minutes.</li>
        <li>Keep your phone nearby — they will call you to discuss the job.</li>
      </ol>
      <div className="button-row">
        <Link to="/" className="button">
          Return Home
        </Link>
        <Link to="/services/plumbing" className="button button-secondary">
          Submit Another Request
        </Link>
      </div>
    </PublicLayout>
  );
}
