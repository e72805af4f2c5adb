import { useState } from 'react';
import { formatPhone } from '@leadmarket/contracts/display';
import { errorText, type Session } from '../api/client';
import { markContacted } from '../api/mark-lead-contacted';

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * The customer's phone as tap-to-call, and "Mark contacted". The first call or mark is recorded
 * (mark-lead-contacted): the response time in Reports counts from the offer to that moment.
 */
export function ContactActions({
  session,
  leadId,
  phone,
  contactedAt,
}: {
  session: Session;
  leadId: string;
  phone: string;
  contactedAt?: string | null;
}) {
  const [at, setAt] = useState<string | null>(contactedAt ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function record(via: 'marked' | 'call') {
    if (at) return;
    setBusy(true);
    setError(null);
    try {
      const result = await markContacted(session, leadId, via);
      if (result?.contacted_at) setAt(result.contacted_at);
    } catch (caught) {
      // A call still goes ahead; only the record failed.
      if (via === 'marked') setError(errorText(caught, 'Could not mark the lead as contacted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <a href={`tel:${phone}`} onClick={() => void record('call')}>
        {formatPhone(phone)}
      </a>
      {at ? (
        <span className="dash-badge" data-contacted="yes">
          Contacted {time(at)}
        </span>
      ) : (
        <button type="button" className="dash-btn dash-btn--link" disabled={busy} onClick={() => record('marked')}>
          {busy ? 'Saving...' : 'Mark contacted'}
        </button>
      )}
      {error && <span role="alert">{error}</span>}
    </>
  );
}
