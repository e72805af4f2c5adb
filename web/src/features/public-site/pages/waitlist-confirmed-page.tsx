import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';

/** /contractor-waitlist-confirmed: the waitlist success page. */
export function WaitlistConfirmedPage() {
  return (
    <PublicLayout narrow>
      <h1>You're on the list!</h1>
      <p className="lead-text">
        Thanks for joining the waitlist. We'll email you as soon as early access opens in your area.
      </p>
      <Link to="/" className="button">
        Return Home
      </Link>
    </PublicLayout>
  );
}
