import { Link } from 'react-router-dom';
import { PublicLayout } from '../../../components/ui/public-layout';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <PublicLayout narrow>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/" className="button">
        Return Home
      </Link>
    </PublicLayout>
  );
}
