import { humanize } from '../utils/format';

/** Badge colours of §4: lead available green, purchased blue, expired red, others grey; refund pending yellow, approved green, else red. */
const LEAD_TONES: Record<string, string> = { available: 'green', purchased: 'blue', expired: 'red' };
const REFUND_TONES: Record<string, string> = { pending: 'yellow', approved: 'green' };

/** A lead or assignment status badge, in words ("Not purchased"). */
export function LeadStatusBadge({ status }: { status: string }) {
  return (
    <span className={`admin-badge admin-badge--${LEAD_TONES[status] ?? 'grey'}`}>{humanize(status) || 'Unknown'}</span>
  );
}

/** A refund request status badge. */
export function RefundStatusBadge({ status }: { status: string }) {
  return <span className={`admin-badge admin-badge--${REFUND_TONES[status] ?? 'red'}`}>{humanize(status)}</span>;
}
